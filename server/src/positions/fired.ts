/**
 * A trigger of the index acts only if the position, as the database has it under its lock, still
 * sets it off at the tick's price. The index of one process may be behind a change another process
 * committed a moment ago (a stop-loss moved or removed, a trailing stop replaced), and two
 * processes' indexes fire the same trigger on the same tick: the row lock and this check make the
 * close happen once, and only for a trigger the position really has.
 */
import type { Tx } from '../ledger/index';
import * as repo from './repo';
import type { PositionRow } from './repo';
import { closeLocked, trailOfRow, type ClosingTick } from './service';
import { TriggerIndex, type Fired, type TriggerKind, type Watched } from './triggers';

/** The triggers that close a position. */
export type TriggerClose = Exclude<TriggerKind, 'limit_open'>;

/** A pending or open position as the trigger index watches it; null for any other status. */
export function watchedOf(row: PositionRow): Watched | null {
  if (row.status !== 'pending' && row.status !== 'open') return null;
  return {
    id: row.id,
    pairId: row.pairId,
    side: row.side,
    status: row.status,
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    liquidation: row.liquidationPrice,
    limit: row.limitPrice,
    trail: row.status === 'open' ? trailOfRow(row) : null,
  };
}

/**
 * What the open position `row` sets off at `price`, by the index's own rule (its stops win over
 * liquidation), or undefined. The index may be ahead of the row on a trailing stop's best mark
 * (bests are stored after they move): the fired best counts when it is of the same trail.
 */
export function firedBy(row: PositionRow, price: string, fired: Fired): Fired | undefined {
  const watched = watchedOf(row);
  if (!watched || row.status !== 'open') return undefined;
  const probe = new TriggerIndex();
  probe.upsert(watched);
  const trail = watched.trail;
  if (trail && fired.trailBest !== undefined && fired.trailSince === trail.since) {
    // Same trail: the index keeps the better of the two bests.
    probe.upsert({ ...watched, trail: { ...trail, best: fired.trailBest } });
  }
  return probe.fire(row.pairId, price)[0];
}

export type TriggeredClose =
  | { closed: PositionRow; kind: TriggerClose }
  /** Still open: the trigger is no longer the position's (watch it again as it is). */
  | { open: PositionRow }
  /** No longer open: someone else closed it. */
  | null;

/** Closes a position a trigger fired on, if it still sets it off (see above), for the reason it does now. */
export async function closeTriggered(
  tx: Tx,
  fired: Fired,
  tick: ClosingTick,
  now: Date,
  afterRestart: boolean,
): Promise<TriggeredClose> {
  const row = await repo.lockInStatus(tx, fired.id, 'open');
  if (!row) return null;
  const current = firedBy(row, tick.price, fired);
  if (!current || current.kind === 'limit_open') return { open: row };
  const kind = current.kind;
  const closed = await closeLocked(tx, row, tick, kind, now, { afterRestart, trailBest: current.trailBest });
  if (!closed) throw new Error(`position ${row.id} changed under its lock`);
  return { closed, kind };
}
