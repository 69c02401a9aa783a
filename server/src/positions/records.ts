import { settlementRef } from '@contract/record';
import { trailTriggerOf } from '@contract/futures';
import type { RecordInput } from '../settlement-record/index';
import { partyHash } from '../settlement-record/index';
import type { PositionRow } from './repo';
import { instrumentOf, trailOfRow, type ClosingTick } from './service';
import type { TriggerKind } from './triggers';

/**
 * The public record of a position closed by its take-profit, stop-loss, trailing stop or
 * liquidation: the trigger price that was set (a trailing stop's: computed from its best mark, also
 * recorded), the feed tick that crossed it, and everything `settle()` of `math.ts` takes (side,
 * entry, quantity, margin at the close, fee rate) with what it gave (profit, close fee, return).
 * `row` is the position as the close wrote it.
 */
export function triggerRecord(
  row: PositionRow,
  kind: Exclude<TriggerKind, 'limit_open'>,
  tick: ClosingTick,
): RecordInput {
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
  };
}
