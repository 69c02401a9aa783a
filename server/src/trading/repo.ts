import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import type { StoredResponse } from '../db/schema/index';
import { fromUnits, toUnits } from '../ledger/batch';
import type { Tx } from '../ledger/types';
import { PAIRS, stepsOf } from './pairs';
import type { OrderState, TradeState } from './state';
import type { OrderOwner, StoredTrade } from './types';
import { toStoredTrade } from './state';

const ownerOf = (userId: unknown): OrderOwner => (userId === null ? 'maker' : Number(userId));

/** A count of steps computed by the database; a fraction means the pair's step changed under it. */
function whole(value: unknown): number | null {
  if (value === null) return null;
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`${String(value)} is not a whole number of steps`);
  return n;
}

/**
 * The resting orders of the pairs, each pair's in time priority (id order). Prices and amounts
 * come back as whole ticks, lots and tick x lot values, divided by the database: a start with a
 * million resting orders spends its time reading rows, not parsing decimals.
 */
export async function restingOrders(db: Db, pairIds: number[]): Promise<OrderState[]> {
  const pairs = pairIds.map((id) => PAIRS.get(id)!);
  const found = await rows(
    db,
    sql`SELECT o.id, o.user_id, o.pair_id, o.side, o.type, o.ioc, o.post_only, o.status, o.cancel_reason,
        o.hold_id, o.seq, o.created_at, o.updated_at, o.fee,
        o.price / p.tick AS price, o.qty / p.lot AS qty, o.budget / p.val AS budget,
        o.filled_qty / p.lot AS filled_qty, o.filled_value / p.val AS filled_value,
        h.amount AS hold_amount, h.remaining AS hold_remaining
      FROM unnest(${sql.param(pairIds)}::int[], ${sql.param(pairs.map((p) => fromUnits(p.tickUnits)))}::numeric[],
        ${sql.param(pairs.map((p) => fromUnits(p.lotUnits)))}::numeric[],
        ${sql.param(pairs.map((p) => fromUnits(p.valueUnits)))}::numeric[]) AS p(id, tick, lot, val)
      JOIN spot_orders o ON o.pair_id = p.id AND o.status IN ('open', 'partial')
      JOIN ledger_holds h ON h.id = o.hold_id
      ORDER BY o.pair_id, o.id`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    owner: ownerOf(r.user_id),
    pairId: Number(r.pair_id),
    side: r.side as OrderState['side'],
    type: r.type as OrderState['type'],
    price: whole(r.price),
    qty: whole(r.qty),
    budget: whole(r.budget),
    ioc: Boolean(r.ioc),
    postOnly: Boolean(r.post_only),
    filledLots: whole(r.filled_qty)!,
    filledValue: whole(r.filled_value)!,
    fee: toUnits(String(r.fee)),
    status: r.status as OrderState['status'],
    cancelReason: (r.cancel_reason ?? null) as OrderState['cancelReason'],
    holdId: Number(r.hold_id),
    holdAmount: toUnits(String(r.hold_amount)),
    holdRemaining: toUnits(String(r.hold_remaining)),
    seq: Number(r.seq),
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  }));
}

/** The highest sequence number each pair's book has given (0 for a pair never traded). */
export async function lastSequences(db: Db, pairIds: number[]): Promise<Map<number, number>> {
  const found = await rows<{ id: number; seq: string | number | null }>(
    db,
    sql`SELECT p.id, (SELECT max(seq) FROM spot_orders WHERE pair_id = p.id) AS seq
      FROM unnest(${sql.param(pairIds)}::int[]) AS p(id)`,
  );
  return new Map(found.map((r) => [Number(r.id), Number(r.seq ?? 0)]));
}

export async function lastIds(db: Db): Promise<{ order: number; trade: number }> {
  const [r] = await rows<{ o: string | null; t: string | null }>(
    db,
    sql`SELECT (SELECT max(id) FROM spot_orders) AS o, (SELECT max(id) FROM spot_trades) AS t`,
  );
  return { order: Number(r?.o ?? 0), trade: Number(r?.t ?? 0) };
}

/** The latest `count` trades of each pair, newest first. */
export async function latestTrades(db: Db, pairIds: number[], count: number): Promise<Map<number, StoredTrade[]>> {
  const found = await rows(
    db,
    sql`SELECT t.* FROM unnest(${sql.param(pairIds)}::int[]) AS p(id) CROSS JOIN LATERAL
      (SELECT * FROM spot_trades WHERE pair_id = p.id ORDER BY id DESC LIMIT ${count}) t ORDER BY t.pair_id, t.id DESC`,
  );
  const out = new Map<number, StoredTrade[]>();
  for (const r of found) {
    const pair = PAIRS.get(Number(r.pair_id))!;
    const list = out.get(pair.id) ?? [];
    list.push(
      toStoredTrade(pair, {
        id: Number(r.id),
        pairId: pair.id,
        seq: Number(r.seq),
        takerOrderId: Number(r.taker_order_id),
        makerOrderId: Number(r.maker_order_id),
        takerOwner: ownerOf(r.taker_user_id),
        makerOwner: ownerOf(r.maker_user_id),
        takerSide: r.taker_side as TradeState['takerSide'],
        price: stepsOf(String(r.price), pair.tickUnits),
        qty: stepsOf(String(r.qty), pair.lotUnits),
        takerFee: toUnits(String(r.taker_fee)),
        makerFee: toUnits(String(r.maker_fee)),
        txId: Number(r.tx_id),
        createdAt: new Date(r.created_at as string),
      }),
    );
    out.set(pair.id, list);
  }
  return out;
}

const userOf = (owner: OrderOwner) => (owner === 'maker' ? null : owner);
const decimal = (v: number | null, unit: bigint) => (v === null ? null : fromUnits(BigInt(v) * unit));

/** The statement that inserts new orders and updates changed ones. */
export function saveOrders(orders: OrderState[]): SQL | undefined {
  if (orders.length === 0) return undefined;
  const pair = (o: OrderState) => PAIRS.get(o.pairId)!;
  const col = <T>(f: (o: OrderState) => T) => sql.param(orders.map(f));
  return sql`INSERT INTO spot_orders (id, user_id, pair_id, side, type, price, qty, budget, ioc, post_only,
      filled_qty, filled_value, fee, status, cancel_reason, hold_id, seq, created_at, updated_at)
    SELECT * FROM unnest(${col((o) => o.id)}::bigint[], ${col((o) => userOf(o.owner))}::int[],
      ${col((o) => o.pairId)}::int[], ${col((o) => o.side)}::varchar[], ${col((o) => o.type)}::varchar[],
      ${col((o) => decimal(o.price, pair(o).tickUnits))}::numeric[],
      ${col((o) => decimal(o.qty, pair(o).lotUnits))}::numeric[],
      ${col((o) => decimal(o.budget, pair(o).valueUnits))}::numeric[],
      ${col((o) => o.ioc)}::boolean[], ${col((o) => o.postOnly)}::boolean[],
      ${col((o) => decimal(o.filledLots, pair(o).lotUnits))}::numeric[],
      ${col((o) => decimal(o.filledValue, pair(o).valueUnits))}::numeric[],
      ${col((o) => fromUnits(o.fee))}::numeric[], ${col((o) => o.status)}::varchar[],
      ${col((o) => o.cancelReason)}::varchar[], ${col((o) => o.holdId)}::int[], ${col((o) => o.seq)}::bigint[],
      ${col((o) => o.createdAt.toISOString())}::timestamptz[], ${col((o) => o.updatedAt.toISOString())}::timestamptz[])
    ON CONFLICT (id) DO UPDATE SET filled_qty = excluded.filled_qty, filled_value = excluded.filled_value,
      fee = excluded.fee, status = excluded.status, cancel_reason = excluded.cancel_reason, seq = excluded.seq,
      updated_at = excluded.updated_at`;
}

export function saveTrades(trades: TradeState[]): SQL | undefined {
  if (trades.length === 0) return undefined;
  const pair = (t: TradeState) => PAIRS.get(t.pairId)!;
  const col = <T>(f: (t: TradeState) => T) => sql.param(trades.map(f));
  return sql`INSERT INTO spot_trades (id, pair_id, seq, taker_order_id, maker_order_id, taker_user_id,
      maker_user_id, taker_side, price, qty, value, taker_fee, maker_fee, tx_id, created_at)
    SELECT * FROM unnest(${col((t) => t.id)}::bigint[], ${col((t) => t.pairId)}::int[], ${col((t) => t.seq)}::bigint[],
      ${col((t) => t.takerOrderId)}::bigint[], ${col((t) => t.makerOrderId)}::bigint[],
      ${col((t) => userOf(t.takerOwner))}::int[], ${col((t) => userOf(t.makerOwner))}::int[],
      ${col((t) => t.takerSide)}::varchar[], ${col((t) => decimal(t.price, pair(t).tickUnits))}::numeric[],
      ${col((t) => decimal(t.qty, pair(t).lotUnits))}::numeric[],
      ${col((t) => decimal(t.price * t.qty, pair(t).valueUnits))}::numeric[],
      ${col((t) => fromUnits(t.takerFee))}::numeric[], ${col((t) => fromUnits(t.makerFee))}::numeric[],
      ${col((t) => t.txId)}::bigint[], ${col((t) => t.createdAt.toISOString())}::timestamptz[])`;
}

export interface KeyRow {
  userId: number;
  key: string;
  requestHash: string;
  response: StoredResponse;
}

/** The stored answers of these (user, key) pairs. */
export async function findKeys(tx: Tx | Db, keys: { userId: number; key: string }[]): Promise<KeyRow[]> {
  if (keys.length === 0) return [];
  const found = await rows<{ user_id: number; key: string; request_hash: string; response: StoredResponse }>(
    tx,
    sql`SELECT k.user_id, k.key, k.request_hash, k.response FROM idempotency_keys k
      JOIN unnest(${sql.param(keys.map((k) => k.userId))}::int[], ${sql.param(keys.map((k) => k.key))}::varchar[])
        AS v(user_id, key) ON k.user_id = v.user_id AND k.key = v.key`,
  );
  return found.map((r) => ({ userId: r.user_id, key: r.key, requestHash: r.request_hash, response: r.response }));
}

/**
 * The statement that stores the answers of this batch's keyed requests; it returns one row per
 * key stored. A key that another request stored meanwhile (another endpoint, between `findKeys`
 * and here) is not stored: the caller fails the batch, which the client retries.
 */
export function saveKeys(keys: KeyRow[], at: Date): SQL | undefined {
  if (keys.length === 0) return undefined;
  return sql`INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at)
    SELECT *, ${at.toISOString()}::timestamptz FROM unnest(${sql.param(keys.map((k) => k.userId))}::int[],
      ${sql.param(keys.map((k) => k.key))}::varchar[], ${sql.param(keys.map((k) => k.requestHash))}::char(64)[],
      ${sql.param(keys.map((k) => JSON.stringify(k.response)))}::jsonb[])
    ON CONFLICT DO NOTHING RETURNING user_id`;
}
