import { Agent } from 'node:https';
import { sql } from 'drizzle-orm';
import type webpush from 'web-push';
import { toLocale } from '@contract/domain/locales';
import { categoryOf, type PushEvent } from '@contract/push';
import type { Db } from '../db/client';
import type { Listener } from '../db/listen';
import type { VapidKeys } from './keys';
import { OUTBOX_CHANNEL } from './notify';
import { CATEGORY_DELIVERY, type PushTexts } from './texts';
import { rows } from '../db/rows';

/**
 * Delivers the push outbox (`push_outbox`) with web-push. Rows are taken in batches under a lease
 * (`lease_until`); each is encrypted for its subscription, in its language, and posted with the
 * category's TTL and urgency and a Topic. The outcome is written back per batch:
 *
 * - 2xx: delivered, the row is deleted;
 * - 404 or 410: the subscription is gone, it is deleted (and its rows with it);
 * - 429, 5xx or a network failure: tried again after a backoff (the push service's Retry-After
 *   when it sends one), until the event's TTL has passed or `maxAttempts`;
 * - any other answer (a request the service will never accept): dropped, with a log line.
 *
 * At least once: a row is deleted only after its delivery was acknowledged; a worker killed
 * mid-batch leaves leases that expire, and the rows are delivered again (the client
 * de-duplicates by the payload's id). Several workers (in-process or `npm run push:worker`) share
 * the table safely: a batch is claimed with `FOR UPDATE SKIP LOCKED`.
 */

export interface PushWorkerOptions {
  db: Db;
  keys: VapidKeys;
  /** What each event says in each language (the app's table, from `wiring.ts`). */
  texts: PushTexts;
  now?: () => Date;
  /** Wakes the worker as soon as `notify` commits rows (it also polls every `pollMs`). */
  listener?: Listener;
  /** The HTTPS agent (keep-alive; tests trust the fake push service's certificate with it). */
  agent?: Agent;
  /** Rows claimed per batch. */
  batch?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** How long a claimed row stays with this worker before another may take it. */
  leaseMs?: number;
  pollMs?: number;
  /** One request's timeout. */
  timeoutMs?: number;
  maxAttempts?: number;
  /** Called for every delivery outcome (tests and the benchmark count them). */
  onResult?: (r: DeliveryResult) => void;
  onError?: (err: unknown) => void;
  /** Before posting each request (tests stop the process here to crash mid-delivery). */
  beforeSend?: (row: ClaimedRow) => void;
}

export interface DeliveryResult {
  id: number;
  eventId: string;
  outcome: 'delivered' | 'gone' | 'retry' | 'dropped' | 'expired';
  status?: number;
}

export interface ClaimedRow {
  id: number;
  subscriptionId: number;
  eventId: string;
  event: PushEvent;
  createdAt: Date;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  /** The user's anti-phishing code as it is at delivery, marked at the start of the body. */
  antiPhishing: string | null;
}

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 15 * 60_000;

/** Exponential backoff with jitter: 2 s, 4 s, 8 s ... up to 15 minutes. */
export function backoffMs(attempts: number, retryAfter?: string): number {
  if (retryAfter) {
    const seconds = /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : Date.parse(retryAfter) - Date.now();
    if (Number.isFinite(seconds) && seconds > 0) return Math.min(seconds, BACKOFF_MAX_MS);
  }
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/** web-push (and its crypto helpers) loads with the first delivery, not at every start. */
let webPush: Promise<typeof webpush> | undefined;

export class PushWorker {
  private readonly o: Required<
    Pick<PushWorkerOptions, 'batch' | 'concurrency' | 'leaseMs' | 'pollMs' | 'timeoutMs' | 'maxAttempts'>
  > &
    PushWorkerOptions;
  private readonly now: () => Date;
  private readonly agent: Agent;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private again = false;
  /** VAPID Authorization per push service origin, reused for an hour (signing each is costly). */
  private readonly vapidCache = new Map<string, { header: string; until: number }>();

  constructor(options: PushWorkerOptions) {
    this.o = {
      batch: 500,
      concurrency: 64,
      leaseMs: 60_000,
      pollMs: 5_000,
      timeoutMs: 15_000,
      maxAttempts: 12,
      ...options,
    };
    this.now = options.now ?? (() => new Date());
    this.agent = options.agent ?? new Agent({ keepAlive: true, maxSockets: this.o.concurrency });
  }

  /** Starts delivering: at once, on every commit `notify` announces, and every `pollMs`. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    if (this.o.listener) await this.o.listener.listen(OUTBOX_CHANNEL, () => this.kick());
    this.kick();
  }

  /** Stops taking rows and waits for the batch in flight to finish. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.pass;
    if (!this.o.agent) this.agent.destroy();
  }

  /** Asks for a pass now (or right after the current one). */
  kick(): void {
    if (!this.running) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.pass = this.drain()
      .then(
        () => undefined,
        (err: unknown) => this.o.onError?.(err),
      )
      .finally(() => {
        this.pass = undefined;
        if (!this.running) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.o.pollMs);
          this.timer.unref?.();
        }
      });
  }

  /** Delivers batches until none is due. Returns the number of rows handled. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.runBatch();
      total += n;
      if (n === 0) return total;
    }
  }

  /** Claims and delivers one batch; returns how many rows it took. */
  async runBatch(): Promise<number> {
    const rows = await this.claim();
    if (rows.length === 0) return 0;
    const results: DeliveryResult[] = [];
    const retryAt = new Map<number, { at: Date; error: string }>();
    const gone = new Set<number>();
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const r = await this.deliver(row, retryAt, gone);
        results.push(r);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.concurrency, rows.length) }, lane));
    await this.record(results, retryAt, gone);
    for (const r of results) this.o.onResult?.(r);
    return rows.length;
  }

  private async claim(): Promise<ClaimedRow[]> {
    const now = this.now();
    const until = new Date(now.getTime() + this.o.leaseMs);
    const claimed = await rows(
      this.o.db,
      sql`
      WITH due AS (
        SELECT id FROM push_outbox
        WHERE (next_at IS NULL OR next_at <= ${now}) AND (lease_until IS NULL OR lease_until <= ${now})
        ORDER BY id
        LIMIT ${this.o.batch}
        FOR UPDATE SKIP LOCKED
      ), taken AS (
        UPDATE push_outbox o SET lease_until = ${until}, attempts = o.attempts + 1
        FROM due WHERE o.id = due.id
        RETURNING o.id, o.subscription_id, o.user_id, o.event_id, o.event, o.created_at, o.attempts
      )
      SELECT t.id, t.subscription_id, t.event_id, t.event, t.created_at, t.attempts,
             s.endpoint, s.p256dh, s.auth, s.locale, ap.code AS anti_phishing
      FROM taken t JOIN push_subscriptions s ON s.id = t.subscription_id
      LEFT JOIN anti_phishing_codes ap ON ap.user_id = t.user_id
      ORDER BY t.id`,
    );
    return claimed.map((r) => ({
      id: Number(r.id),
      subscriptionId: Number(r.subscription_id),
      eventId: String(r.event_id),
      event: (typeof r.event === 'string' ? JSON.parse(r.event) : r.event) as PushEvent,
      createdAt: new Date(r.created_at as string | Date),
      attempts: Number(r.attempts),
      endpoint: String(r.endpoint),
      p256dh: String(r.p256dh),
      auth: String(r.auth),
      locale: String(r.locale),
      antiPhishing: typeof r.anti_phishing === 'string' ? r.anti_phishing : null,
    }));
  }

  private vapidHeader(push: typeof webpush, endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const cached = this.vapidCache.get(audience);
    if (cached && cached.until > Date.now()) return cached.header;
    // Tokens are valid 12 hours; a fresh one is signed after an hour.
    const { Authorization } = push.getVapidHeaders(
      audience,
      this.o.keys.subject,
      this.o.keys.publicKey,
      this.o.keys.privateKey,
      'aes128gcm',
    ) as { Authorization: string };
    this.vapidCache.set(audience, { header: Authorization, until: Date.now() + 3_600_000 });
    return Authorization;
  }

  private async deliver(
    row: ClaimedRow,
    retryAt: Map<number, { at: Date; error: string }>,
    gone: Set<number>,
  ): Promise<DeliveryResult> {
    const base = { id: row.id, eventId: row.eventId };
    const { ttl, urgency } = CATEGORY_DELIVERY[categoryOf(row.event.type)];
    const ageSec = Math.max(0, Math.floor((this.now().getTime() - row.createdAt.getTime()) / 1000));
    if (ageSec >= ttl) return { ...base, outcome: 'expired' };
    const locale = toLocale(row.locale);
    const { payload, topic } = this.o.texts.delivery(row.eventId, row.event, locale, row.createdAt, row.antiPhishing);
    try {
      this.o.beforeSend?.(row);
      webPush ??= import('web-push').then((m) => m.default);
      const push = await webPush;
      const res = await push.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(payload),
        {
          TTL: ttl - ageSec,
          urgency,
          ...(topic ? { topic } : {}),
          contentEncoding: 'aes128gcm',
          headers: { Authorization: this.vapidHeader(push, row.endpoint) },
          vapidDetails: null as unknown as undefined,
          agent: this.agent,
          timeout: this.o.timeoutMs,
        },
      );
      return { ...base, outcome: 'delivered', status: res.statusCode };
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        gone.add(row.subscriptionId);
        return { ...base, outcome: 'gone', status };
      }
      const retryable = status === undefined || status === 429 || status >= 500;
      if (retryable && row.attempts < this.o.maxAttempts) {
        const headers = (err as { headers?: Record<string, string> }).headers;
        const at = new Date(this.now().getTime() + backoffMs(row.attempts, headers?.['retry-after']));
        const error = status === undefined ? String((err as Error).message ?? err) : `HTTP ${status}`;
        retryAt.set(row.id, { at, error: error.slice(0, 200) });
        return { ...base, outcome: 'retry', ...(status === undefined ? {} : { status }) };
      }
      this.o.onError?.(
        new Error(`push delivery dropped (${status ?? 'network'}, attempt ${row.attempts}): ${row.endpoint}`),
      );
      return { ...base, outcome: 'dropped', ...(status === undefined ? {} : { status }) };
    }
  }

  /** Writes a batch's outcomes: three statements, whatever the batch size. */
  private async record(
    results: DeliveryResult[],
    retryAt: Map<number, { at: Date; error: string }>,
    gone: Set<number>,
  ): Promise<void> {
    const done = results.filter((r) => r.outcome !== 'retry' && r.outcome !== 'gone').map((r) => r.id);
    if (gone.size > 0) {
      await this.o.db.execute(sql`DELETE FROM push_subscriptions WHERE id = ANY(${sql.param([...gone])}::int[])`);
    }
    if (done.length > 0) {
      await this.o.db.execute(sql`DELETE FROM push_outbox WHERE id = ANY(${sql.param(done)}::bigint[])`);
    }
    if (retryAt.size > 0) {
      const ids = [...retryAt.keys()];
      await this.o.db.execute(sql`
        UPDATE push_outbox o SET next_at = v.at, lease_until = NULL, last_error = v.error
        FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(ids.map((i) => retryAt.get(i)!.at.toISOString()))}::timestamptz[],
                    ${sql.param(ids.map((i) => retryAt.get(i)!.error))}::text[]) AS v(id, at, error)
        WHERE o.id = v.id`);
    }
  }
}
