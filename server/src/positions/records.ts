import { settlementRef } from '@contract/record';
import { trailTriggerOf } from '@contract/futures';
import { leafBody, type LeafBody, type RecordValue } from '@contract/domain/settlement-chain';
import type { AppendInput } from '../settlement-record/index';
import { partyHash } from '../settlement-record/index';
import type { PositionRow } from './repo';
import { instrumentOf, trailOfRow, type ClosingTick } from './service';
import type { TriggerKind } from './triggers';

/**
 * The public record of a position closed by its take-profit, stop-loss, trailing stop or
 * liquidation: the trigger price that was set (a trailing stop's: computed from its best mark, also
 * recorded), the feed tick that crossed it, and everything `settle()` of `math.ts` takes (side,
 * entry, quantity, margin at the close, fee rate) with what it gave (profit, close fee, return).
 * `row` is the position as the close wrote it. The tick is kept with the record (`settlement_ticks`).
 */
export function triggerRecord(
  row: PositionRow,
  kind: Exclude<TriggerKind, 'limit_open'>,
  tick: ClosingTick,
): AppendInput {
  const trail = kind === 'trailing_stop' ? trailOfRow(row) : null;
  const trigger = trail
    ? trailTriggerOf(row.side, trail, trail.best, trail.priceDecimals)
    : kind === 'take_profit'
      ? row.takeProfit
      : kind === 'stop_loss'
        ? row.stopLoss
        : row.liquidationPrice;
  return {
    kind: 'futures_trigger',
    pair: instrumentOf(row.pairId).symbol,
    at: row.closedAt?.getTime() ?? tick.ts,
    ref: settlementRef.futures(row.id),
    data: {
      position_id: row.id,
      owner: partyHash(row.userId, row.id),
      trigger: kind,
      trigger_price: trigger,
      ...(trail ? { trail_best_price: trail.best } : {}),
      side: row.side === 1 ? 'long' : 'short',
      entry_price: row.entryPrice,
      quantity: row.quantity,
      leverage: row.leverage,
      margin: row.margin,
      fee_rate: row.feeRate,
      tick_price: tick.price,
      tick_at: tick.ts,
      tick_source: tick.source,
      close_price: row.closePrice,
      pnl: row.pnl,
      close_fee: row.closeFee,
      returned: row.returned,
      after_restart: row.closedAfterRestart,
    },
    ticks: [{ pair: instrumentOf(row.pairId).symbol, ts: tick.ts, price: tick.price, source: tick.source }],
  };
}

/** What `settle()` took and gave for a closed position, and the tick it closed at. */
function closeData(row: PositionRow, margin: string): Record<string, RecordValue> {
  return {
    position_id: row.id,
    owner: partyHash(row.userId, row.id),
    reason: row.closeReason,
    side: row.side === 1 ? 'long' : 'short',
    entry_price: row.entryPrice,
    quantity: row.quantity,
    leverage: row.leverage,
    margin,
    fee_rate: row.feeRate,
    tick_price: row.closePrice,
    tick_at: row.closePriceAt,
    tick_source: row.closeSource,
    close_price: row.closePrice,
    pnl: row.pnl,
    close_fee: row.closeFee,
    returned: row.returned,
  };
}

const tickOf = (row: PositionRow) =>
  row.closePrice !== null && row.closePriceAt !== null && row.closeSource !== null
    ? [{ pair: instrumentOf(row.pairId).symbol, ts: row.closePriceAt, price: row.closePrice, source: row.closeSource }]
    : [];

/**
 * The public record of a position its owner closed (`/lever/close`, `/lever/batch_close`, a copy
 * trader's own close): ref `futures:<position>`, kind `futures_close`, the live mark it closed at
 * (kept in `settlement_ticks`) and everything `settle()` took and gave, so `settlement-outcomes.ts`
 * recomputes it. `row` is the position as the close wrote it (its margin is the one settled).
 */
export function closeRecord(row: PositionRow): AppendInput {
  return {
    kind: 'futures_close',
    pair: instrumentOf(row.pairId).symbol,
    at: row.closedAt?.getTime() ?? 0,
    ref: settlementRef.futures(row.id),
    data: { ...closeData(row, row.margin), copy_of: null },
    ticks: tickOf(row),
  };
}

/**
 * One chunk of copies closed with their trader's position (`copytrade/fanout.ts`): one record
 * (ref `futures_copies:<trader position>:<first copy>`) whose leaves are the copies, one each
 * (ref `futures:<copy>`), each with its own inputs (the margin its hold still had) and outcome at
 * the trader's tick, the same fields as a close of one's own with `copy_of` the trader's position.
 */
export function copyCloseRecord(
  trader: PositionRow,
  closed: readonly { row: PositionRow; margin: string }[],
): AppendInput {
  const first = closed[0]!.row;
  const pair = instrumentOf(first.pairId).symbol;
  const at = first.closedAt?.getTime() ?? 0;
  return {
    kind: 'futures_close',
    pair,
    at,
    ref: `futures_copies:${trader.id}:${first.id}`,
    data: {
      copy_of: trader.id,
      reason: trader.closeReason,
      positions: closed.length,
      tick_price: trader.closePrice,
      tick_at: trader.closePriceAt,
      tick_source: trader.closeSource,
    },
    leaves: closed.map(({ row, margin }) => {
      const leaf: LeafBody = {
        kind: 'futures_close',
        pair,
        at,
        ref: settlementRef.futures(row.id),
        data: { ...closeData(row, margin), copy_of: trader.id },
      };
      return { ref: leaf.ref, body: leafBody(leaf) };
    }),
    ticks: tickOf(first),
  };
}
