// The real server in a child process for the trading kill test and `bench:orders`: the app with
// its trading core on PGlite in a data folder (TARGET=pglite:<dir>) or on PostgreSQL (TARGET=<url>),
// listening on loopback. With USERS=n it first makes n users, each with a session and funds in the
// change account (USDT and BTC) and USDT in the lever and micro accounts, and a bare Fastify route beside the app. ROLE,
// REDIS_URL and REDIS_PREFIX start it as one process of a deployment with roles. It prints one JSON line:
// {app, bare, users: [{id, token}]}, and is stopped by SIGTERM (or killed).
import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, type Database } from '../db/client';
import { openPostgres } from '../db/postgres';
import { deposit, insertLedgerUser } from './ledger';
import { createSession } from '../sessions/sessions';
import { openPgliteFromTemplate } from './template';
import { otcMarket } from './otc-market';

const target = process.env.TARGET ?? 'pglite:/tmp/h5-orders';
const users = Number(process.env.USERS ?? 0);
const databaseUrl = target.startsWith('pglite:') ? undefined : target;

async function open(): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl);
  const dir = join(target.slice('pglite:'.length), 'pglite');
  return existsSync(join(dir, 'PG_VERSION')) ? openPglite(dir) : openPgliteFromTemplate(dir);
}

const database = await open();
await database.migrate();
const config = loadConfig({
  APP_MODE: 'demo',
  LOG_LEVEL: 'info',
  DATA_DIR: '/nonexistent',
  MAKER_ENABLED: 'false',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  // ROLE (with REDIS_URL, REDIS_PREFIX): one process of a deployment with roles (`bench:cluster`).
  ...(process.env.ROLE ? { SERVER_ROLE: process.env.ROLE } : {}),
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  ...(process.env.REDIS_PREFIX ? { REDIS_PREFIX: process.env.REDIS_PREFIX } : {}),
});
const app = await buildApp({
  config,
  db: database,
  logger: { level: 'info', stream: createWriteStream('/dev/null') },
  // Rate limits stay on (their bookkeeping is part of every request), just out of reach.
  limits: { globalPerMinute: 1_000_000_000, userPerMinute: 1_000_000_000, strictPerMinute: 1_000_000_000 },
  distDir: '/nonexistent',
});
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const made: { id: number; token: string }[] = [];
for (let i = 0; i < users; i++) {
  const id = await insertLedgerUser(app.ctx.db);
  await deposit(app.ctx.db, id, 3, '10000000', 'change');
  await deposit(app.ctx.db, id, 1, '100', 'change');
  // Margin and stakes for the futures and seconds contracts of the kill test.
  await deposit(app.ctx.db, id, 3, '1000000', 'lever');
  await deposit(app.ctx.db, id, 3, '1000000', 'micro');
  made.push({ id, token: await createSession(app.ctx, id, { ip: '127.0.0.1', userAgent: 'load' }) });
}

// OTC=1: the first user is an approved merchant with a sell ad, the others may trade at level 1.
if (process.env.OTC === '1' && made.length > 0)
  await otcMarket(
    app.ctx.db,
    made.map((u) => u.id),
  );

const bare = Fastify({ logger: false });
// Parses the same form body the app's route reads, so only the app's own work differs.
bare.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
  done(null, Object.fromEntries(new URLSearchParams(body as string)));
});
bare.post('/bare', () => ({ type: 'ok', message: { id: 1, status: 'open' } }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

process.stdout.write(`${JSON.stringify({ app: appUrl, bare: `${bareUrl}/bare`, users: made })}\n`);

process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
