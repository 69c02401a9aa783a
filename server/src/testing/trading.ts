import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deposit, insertLedgerUser } from './ledger';
import { toUnits } from '../ledger/batch';
import { PAIRS, type PairSpec } from '../trading/pairs';
import type { Trading } from '../trading/core';
import type { NewOrder, OrderOwner } from '../trading/types';

export const BTC_USDT = 1;
export const USDT = 3;
export const BTC = 1;

export const pair = (id: number): PairSpec => PAIRS.get(id)!;

/** A user with `funds` (currency id → amount) in the change account. */
export async function tradingUser(db: Db, funds: Record<number, string>): Promise<number> {
  const userId = await insertLedgerUser(db);
  for (const [currency, amount] of Object.entries(funds)) await deposit(db, userId, Number(currency), amount, 'change');
  return userId;
}

export const limit = (
  owner: OrderOwner,
  pairId: number,
  side: 'buy' | 'sell',
  price: number,
  qty: number,
  extra: Partial<NewOrder> = {},
): NewOrder => ({
  owner,
  pairId,
  side,
  type: 'limit',
  price,
  qty,
  budget: null,
  ioc: false,
  postOnly: false,
  ...extra,
});

type Row = Record<string, unknown>;
const rows = async (db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

/**
 * Checks the stored orders against their holds and the live book: every resting order's hold is
 * open with exactly what its remaining quantity needs (the limit leg of a waiting OCO: the whole
 * hold its stop leg shares), no two resting orders share a hold, every other order's hold is
 * closed (unless the order an OCO's stop became took it over), and the book holds exactly the
 * stored resting orders. Several owners (each holding some pairs): their books together. Returns
 * the problems found.
 */
export async function tradingProblems(db: Db, owners: Trading | Trading[]): Promise<string[]> {
  const cores = Array.isArray(owners) ? owners : [owners];
  const problems: string[] = [];
  const orders = await rows(
    db,
    sql`SELECT o.id, o.pair_id, o.side, o.price, o.qty, o.filled_qty, o.status, h.status AS hold_status,
      h.amount, h.remaining,
      EXISTS (SELECT 1 FROM spot_conditional_orders c WHERE c.limit_order_id = o.id AND c.status = 'waiting') AS oco,
      (SELECT count(*) FROM spot_orders r WHERE r.hold_id = o.hold_id AND r.id <> o.id
        AND r.status IN ('open', 'partial')) AS sharing
      FROM spot_orders o JOIN ledger_holds h ON h.id = o.hold_id ORDER BY o.id`,
  );
  const stored = new Map<number, string[]>();
  for (const o of orders) {
    const resting = o.status === 'open' || o.status === 'partial';
    const spec = pair(Number(o.pair_id));
    if (resting) {
      const left = toUnits(String(o.qty)) - toUnits(String(o.filled_qty));
      const own = o.side === 'buy' ? (left * toUnits(String(o.price))) / 10n ** 18n : left;
      const need = o.oco ? toUnits(String(o.amount)) : own;
      if (o.hold_status !== 'held' || need !== toUnits(String(o.remaining)) || Number(o.sharing) !== 0) {
        problems.push(`resting order ${String(o.id)} has hold ${String(o.hold_status)} with ${String(o.remaining)}`);
      }
      const list = stored.get(spec.id) ?? [];
      list.push(`${String(o.id)}:${left / spec.lotUnits}`);
      stored.set(spec.id, list);
    } else if (o.hold_status === 'held' && Number(o.sharing) === 0) {
      problems.push(`order ${String(o.id)} is ${String(o.status)} but its hold is open`);
    }
  }
  const [open] = await rows(
    db,
    sql`SELECT count(*) AS n FROM ledger_holds h WHERE h.status = 'held'
      AND NOT EXISTS (SELECT 1 FROM spot_orders o WHERE o.hold_id = h.id AND o.status IN ('open', 'partial'))
      AND NOT EXISTS (SELECT 1 FROM spot_conditional_orders c WHERE c.hold_id = h.id AND c.status = 'waiting')
      AND EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = h.hold_tx_id AND t.kind = 'order_hold')`,
  );
  if (Number(open?.n) !== 0) problems.push(`${String(open?.n)} open order holds without a resting order`);
  problems.push(...(await conditionalProblems(db, cores)));
  for (const pairId of PAIRS.keys()) {
    const live = cores
      .flatMap((core) => core.restingOrders(pairId))
      .map((r) => `${r.orderId}:${r.qty}`)
      .sort();
    const db = (stored.get(pairId) ?? []).sort();
    if (live.join() !== db.join()) problems.push(`pair ${pairId}: book ${live.join()} vs stored ${db.join()}`);
  }
  return problems;
}

/**
 * Waiting stop orders hold exactly what they were placed with, untouched, and are the ones the
 * core watches; a triggered one's hold belongs to its order; a cancelled one's is released.
 */
async function conditionalProblems(db: Db, cores: Trading[]): Promise<string[]> {
  const problems: string[] = [];
  const found = await rows(
    db,
    sql`SELECT c.id, c.status, c.order_id, c.hold_id, h.status AS hold_status, h.amount, h.remaining,
      (SELECT o.hold_id FROM spot_orders o WHERE o.id = c.order_id) AS order_hold
      FROM spot_conditional_orders c JOIN ledger_holds h ON h.id = c.hold_id ORDER BY c.id`,
  );
  const hold = (r: Row) => `${String(r.hold_status)} ${String(r.remaining)}/${String(r.amount)}`;
  let waiting = 0;
  for (const r of found) {
    if (r.status === 'waiting') {
      waiting++;
      if (r.hold_status !== 'held' || String(r.amount) !== String(r.remaining)) {
        problems.push(`waiting stop ${String(r.id)} has hold ${hold(r)}`);
      }
    } else if (r.status === 'triggered') {
      if (r.order_id === null || String(r.order_hold) !== String(r.hold_id))
        problems.push(`triggered stop ${String(r.id)} has no order`);
    } else if (r.hold_status !== 'released') {
      problems.push(`cancelled stop ${String(r.id)} has hold ${hold(r)}`);
    }
  }
  const watched = cores.reduce((n, core) => n + core.waitingConditionals, 0);
  if (waiting !== watched) problems.push(`${waiting} stops wait in the database, ${watched} in the core`);
  return [...problems, ...(await ocoProblems(db))];
}

/**
 * Each OCO's legs on its one hold: waiting, its limit leg rests unfilled and alone on it; triggered
 * by its limit leg, that leg traded and no other order took the hold; triggered by its stop, the
 * limit leg was cancelled unfilled and the stop's order took the hold; cancelled, the limit leg was
 * cancelled unfilled. Never both legs executed.
 */
async function ocoProblems(db: Db): Promise<string[]> {
  const found = await rows(
    db,
    sql`SELECT c.id, c.status, c.order_id, c.limit_order_id, l.status AS leg_status, l.filled_qty,
      l.hold_id = c.hold_id AS same_hold, (SELECT count(*) FROM spot_orders o WHERE o.hold_id = c.hold_id) AS orders
      FROM spot_conditional_orders c LEFT JOIN spot_orders l ON l.id = c.limit_order_id
      WHERE c.kind = 'oco' ORDER BY c.id`,
  );
  const problems: string[] = [];
  for (const r of found) {
    const filled = r.filled_qty !== null && toUnits(String(r.filled_qty)) > 0n;
    const legResting = r.leg_status === 'open' || r.leg_status === 'partial';
    const byLimit = r.order_id !== null && String(r.order_id) === String(r.limit_order_id);
    const ok =
      r.same_hold === true &&
      (r.status === 'waiting'
        ? legResting && !filled && Number(r.orders) === 1
        : r.status === 'triggered' && byLimit
          ? filled && Number(r.orders) === 1
          : r.leg_status === 'cancelled' && !filled && Number(r.orders) === (r.status === 'triggered' ? 2 : 1));
    if (!ok) {
      problems.push(
        `OCO ${String(r.id)} is ${String(r.status)} with its limit leg ${String(r.leg_status)}, ${String(r.filled_qty)}`,
      );
    }
  }
  return problems;
}
