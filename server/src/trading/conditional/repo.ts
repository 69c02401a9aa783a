import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { fromUnits, toUnits } from '../../ledger/batch';
import { PAIRS } from '../pairs';
import type { ConditionalState } from './types';

/** A count of steps computed by the database; a fraction means the pair's step changed under it. */
function whole(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`${String(value)} is not a whole number of steps`);
  return n;
}

/** The waiting conditional orders of the pairs in id order, in whole ticks, lots and values. */
export async function waitingConditionals(db: Db, pairIds: number[]): Promise<ConditionalState[]> {
  if (pairIds.length === 0) return [];
  const pairs = pairIds.map((id) => PAIRS.get(id)!);
  const found = await rows(
    db,
    sql`SELECT c.id, c.user_id, c.pair_id, c.kind, c.side, c.above, c.status, c.hold_id, c.created_at,
        c.updated_at, c.trigger_price / p.tick AS trigger_price, c.price / p.tick AS price, c.qty / p.lot AS qty,
        c.budget / p.val AS budget, c.trail_distance / p.tick AS trail_ticks, c.trail_percent * 100 AS trail_bps,
        c.best_price / p.tick AS best_price, c.limit_price / p.tick AS limit_price, c.limit_order_id,
        h.amount AS hold_amount
      FROM unnest(${sql.param(pairIds)}::int[], ${sql.param(pairs.map((p) => fromUnits(p.tickUnits)))}::numeric[],
        ${sql.param(pairs.map((p) => fromUnits(p.lotUnits)))}::numeric[],
        ${sql.param(pairs.map((p) => fromUnits(p.valueUnits)))}::numeric[]) AS p(id, tick, lot, val)
      JOIN spot_conditional_orders c ON c.pair_id = p.id AND c.status = 'waiting'
      JOIN ledger_holds h ON h.id = c.hold_id
      ORDER BY c.pair_id, c.id`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    owner: Number(r.user_id),
    pairId: Number(r.pair_id),
    kind: r.kind as ConditionalState['kind'],
    side: r.side as ConditionalState['side'],
    triggerPrice: whole(r.trigger_price)!,
    above: Boolean(r.above),
    price: whole(r.price),
    qty: whole(r.qty),
    budget: whole(r.budget),
    trailTicks: whole(r.trail_ticks),
    trailBps: whole(r.trail_bps),
    bestPrice: whole(r.best_price),
    limitPrice: whole(r.limit_price),
    status: 'waiting',
    holdId: Number(r.hold_id),
    holdAmount: toUnits(String(r.hold_amount)),
    orderId: null,
    limitOrderId: whole(r.limit_order_id),
    triggerTradeId: null,
    triggeredAt: null,
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  }));
}

export async function lastConditionalId(db: Db): Promise<number> {
  const [r] = await rows<{ id: string | null }>(db, sql`SELECT max(id) AS id FROM spot_conditional_orders`);
  return Number(r?.id ?? 0);
}

const decimal = (v: number | null, unit: bigint) => (v === null ? null : fromUnits(BigInt(v) * unit));

/** The statement that inserts new conditional orders and updates changed ones. */
export function saveConditionals(list: ConditionalState[]): SQL | undefined {
  if (list.length === 0) return undefined;
  const pair = (c: ConditionalState) => PAIRS.get(c.pairId)!;
  const col = <T>(f: (c: ConditionalState) => T) => sql.param(list.map(f));
  const tick = (f: (c: ConditionalState) => number | null) => col((c) => decimal(f(c), pair(c).tickUnits));
  return sql`INSERT INTO spot_conditional_orders (id, user_id, pair_id, kind, side, trigger_price, above, price,
      qty, budget, trail_distance, trail_percent, best_price, status, hold_id, order_id, trigger_trade_id,
      triggered_at, created_at, updated_at, limit_price, limit_order_id)
    SELECT * FROM unnest(${col((c) => c.id)}::bigint[], ${col((c) => c.owner)}::int[], ${col((c) => c.pairId)}::int[],
      ${col((c) => c.kind)}::varchar[], ${col((c) => c.side)}::varchar[], ${tick((c) => c.triggerPrice)}::numeric[],
      ${col((c) => c.above)}::boolean[], ${tick((c) => c.price)}::numeric[],
      ${col((c) => decimal(c.qty, pair(c).lotUnits))}::numeric[],
      ${col((c) => decimal(c.budget, pair(c).valueUnits))}::numeric[], ${tick((c) => c.trailTicks)}::numeric[],
      ${col((c) => (c.trailBps === null ? null : String(c.trailBps / 100)))}::numeric[],
      ${tick((c) => c.bestPrice)}::numeric[], ${col((c) => c.status)}::varchar[], ${col((c) => c.holdId)}::int[],
      ${col((c) => c.orderId)}::bigint[], ${col((c) => c.triggerTradeId)}::bigint[],
      ${col((c) => c.triggeredAt?.toISOString() ?? null)}::timestamptz[],
      ${col((c) => c.createdAt.toISOString())}::timestamptz[], ${col((c) => c.updatedAt.toISOString())}::timestamptz[],
      ${tick((c) => c.limitPrice)}::numeric[], ${col((c) => c.limitOrderId)}::bigint[])
    ON CONFLICT (id) DO UPDATE SET trigger_price = excluded.trigger_price, best_price = excluded.best_price,
      status = excluded.status, order_id = excluded.order_id, trigger_trade_id = excluded.trigger_trade_id,
      triggered_at = excluded.triggered_at, updated_at = excluded.updated_at`;
}
