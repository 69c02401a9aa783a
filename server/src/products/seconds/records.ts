import type { RecordInput } from '../../settlement-record/index';
import { partyHash } from '../../settlement-record/index';
import type { Due, Settlement } from './settle';
import { instrumentOfPair } from './service';

/**
 * The public record of settled seconds contracts, one per order: everything `outcome()` takes
 * (direction, entry price, settlement price, stake, ratio) with the ticks' times and sources, the
 * staleness limit that voids an order, and the result and payout. Anyone recomputes the outcome
 * from these fields alone. `due[i]` settled with `groups[groupOf[i] - 1]`.
 */
export function settlementRecords(
  due: readonly Due[],
  groupOf: readonly number[],
  groups: readonly Settlement[],
  input: { at: Date; staleMs: number },
): RecordInput[] {
  const at = input.at.getTime();
  return due.map((r, i) => {
    const g = groups[groupOf[i]! - 1]!;
    return {
      kind: 'seconds',
      pair: instrumentOfPair(r.pairId)?.symbol ?? String(r.pairId),
      at,
      ref: `seconds:${r.id}`,
      data: {
        order_id: r.id,
        owner: partyHash(r.userId, r.id),
        direction: r.type === 1 ? 'up' : 'down',
        stake: r.stake,
        ratio: r.ratio,
        open_price: r.openPrice,
        open_price_at: r.openAt,
        open_source: r.openSource,
        end_at: r.endAt,
        stale_ms: input.staleMs,
        end_price: g.endPrice,
        end_price_at: g.endAt,
        end_source: g.endSource,
        result: g.result,
        payout: g.payout,
        profit: g.profit,
      },
    };
  });
}
