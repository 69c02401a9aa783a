/**
 * What a server process does, by `SERVER_ROLE`. One program runs as any role; `app.ts` and
 * `wiring.ts` ask `dutiesOf` instead of testing the role themselves, so this table is the one
 * place that says which process starts what.
 */
export const SERVER_ROLES = ['all', 'api', 'worker'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

export interface Duties {
  /**
   * HTTP under `/api`, the PWA, the development mailbox and socket.io connections. Without it the
   * process answers only `/health/*` and `/metrics`.
   */
  serveApi: boolean;
  /**
   * The background work: scheduler passes, push delivery, the market maker, demo seeds and demo
   * actors, the engines that act on feed prices (futures triggers and liquidations, seconds
   * settlement, copy fan-out, loan and alert watchers) and the jobs they register.
   */
  background: boolean;
  /**
   * Runs the market feed and writes its candles and price record; with several processes on one
   * database and Redis, stands for election as its one publisher (`market/relay.ts`). A process
   * without it applies the publisher's events only.
   */
  mayPublishFeed: boolean;
}

const DUTIES: Record<ServerRole, Duties> = {
  // One process doing everything: the default, exactly as before roles existed.
  all: { serveApi: true, background: true, mayPublishFeed: true },
  // Stateless HTTP and sockets; any number of them behind a proxy.
  api: { serveApi: true, background: false, mayPublishFeed: false },
  // Everything that is not a request; health and metrics on its own port.
  worker: { serveApi: false, background: true, mayPublishFeed: true },
};

export function dutiesOf(role: ServerRole | undefined): Duties {
  return DUTIES[role ?? 'all'];
}

/** Paths a process without `serveApi` still answers (probes and the scraper). */
export function isOpsPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/metrics' || path.startsWith('/health/');
}

/**
 * What a role other than `all` needs to make sense in production: processes of different roles
 * share one PostgreSQL database and reach each other through Redis (market feed, socket rooms).
 */
export function roleRequirements(
  role: ServerRole,
  env: { databaseUrl?: string | undefined; redisUrl?: string | undefined },
): string[] {
  if (role === 'all') return [];
  return [
    ...(env.databaseUrl ? [] : ['DATABASE_URL (every process of the deployment uses one PostgreSQL database)']),
    ...(env.redisUrl ? [] : ['REDIS_URL (the market feed and socket rooms reach the other processes through it)']),
  ];
}
