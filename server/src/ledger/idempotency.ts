import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_PATTERN } from '@contract/wallet';
import type { Db } from '../db/client';
import { idempotencyKeys, type StoredResponse } from '../db/schema/index';
import { AppError } from '../errors';
import { inTransaction } from './transaction';
import type { Tx } from './types';

/** Failures that may pass on their own; a retry with the same key should try again. */
// A missing or refused second-factor confirmation changes nothing: the same request under the
// same key goes through once it is confirmed.
const TRANSIENT = new Set([
  'price_unavailable',
  'internal_error',
  'too_many_requests',
  'step_up_required',
  'step_up_invalid',
  // The pause after a credential change and a destination's cooling-off end by themselves.
  'withdraw_paused',
  'withdraw_destination_cooling',
]);

/** The `Idempotency-Key` header, or `idempotency_key_required` when it is missing or malformed. */
export function idempotencyKeyOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const raw = req.headers['idempotency-key'];
  const key = typeof raw === 'string' ? raw.trim() : undefined;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError('idempotency_key_required');
  return key;
}

/** JSON with sorted keys, so two encodings of the same body hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHash = (scope: string, body: unknown) =>
  createHash('sha256').update(scope).update('\n').update(canonical(body)).digest('hex');

export interface IdempotentRequest {
  userId: number;
  key: string;
  /** The endpoint (path), so one key cannot be replayed against another operation. */
  scope: string;
  /** The parsed request body. */
  body: unknown;
  now: Date;
}

/** The refusal a stored answer recorded, raised again as it was first raised. */
export function storedRefusal(error: Extract<StoredResponse, { error: unknown }>['error']): AppError {
  const { key, type, field, values } = error;
  return new AppError(key, {
    type: type as AppError['type'],
    ...(field ? { field } : {}),
    ...(values ? { values } : {}),
  });
}

function replay<T>(stored: StoredResponse): T {
  if ('ok' in stored) return stored.ok as T;
  throw storedRefusal(stored.error);
}

/**
 * Runs a money-moving operation once per (user, key). The key row is inserted first, in the
 * operation's own transaction: a concurrent duplicate waits on it (PostgreSQL) and then reads
 * the committed answer. Same body: the first answer (a stored failure is raised again); other
 * body: `idempotency_key_reused`. The answer must be JSON (dates as strings).
 */
export async function withIdempotency<T>(db: Db, req: IdempotentRequest, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const hash = requestHash(req.scope, req.body);
  const where = and(eq(idempotencyKeys.userId, req.userId), eq(idempotencyKeys.key, req.key));
  const existing = async (tx: Tx | Db) => {
    const [row] = await tx.select().from(idempotencyKeys).where(where).limit(1);
    if (!row) return undefined;
    if (row.requestHash !== hash) throw new AppError('idempotency_key_reused');
    return row;
  };
  try {
    const outcome = await inTransaction(db, async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId: req.userId, key: req.key, requestHash: hash, response: { ok: null }, createdAt: req.now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const row = await existing(tx);
        if (row) return { replayed: row.response };
      }
      const result = await fn(tx);
      await tx
        .update(idempotencyKeys)
        .set({ response: { ok: result } })
        .where(where);
      return { result };
    });
    return 'replayed' in outcome ? replay<T>(outcome.replayed as StoredResponse) : (outcome.result as T);
  } catch (err) {
    if (err instanceof AppError && !TRANSIENT.has(err.key) && err.key !== 'idempotency_key_reused') {
      await remember(db, req, hash, err);
    }
    throw err;
  }
}

/** Stores a refusal, so the same request under the same key is refused the same way. */
async function remember(db: Db, req: IdempotentRequest, hash: string, err: AppError): Promise<void> {
  const error = { key: err.key, type: err.type, ...(err.field ? { field: err.field } : {}), values: err.values };
  await db
    .insert(idempotencyKeys)
    .values({ userId: req.userId, key: req.key, requestHash: hash, response: { error }, createdAt: req.now })
    .onConflictDoNothing();
}
