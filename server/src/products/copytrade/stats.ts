/**
 * The hourly trader statistics (contract/copytrade.ts `traderStatsSchema`): per approved trader,
 * from their own closed futures positions (not copies of someone else's) closed before the end of
 * the hour, and their active follows made before it. Stored with `as_of` = the hour's end; the
 * lists read the stored figures, never compute them per request.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../ledger/types';
import type { Job, Period } from '../../scheduler/index';

export async function computeTraderStats(tx: Tx, period: Period): Promise<void> {
  const end = period.end.toISOString();
  await tx.execute(sql`INSERT INTO follow_trader_stats
      (user_id, total_profit, closed_orders, profitable_orders, margin_used, followers, as_of)
    SELECT t.user_id,
      coalesce(sum(p.pnl), 0),
      count(p.id),
      count(p.id) FILTER (WHERE p.pnl > 0),
      coalesce(sum(p.initial_margin), 0),
      (SELECT count(*) FROM follows f
        WHERE f.trader_id = t.user_id AND f.state = 'following' AND f.created_at < ${end}::timestamptz),
      ${end}::timestamptz
    FROM follow_traders t
    LEFT JOIN lever_positions p ON p.user_id = t.user_id AND p.status = 'closed' AND p.closed_at < ${end}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM copy_trades c WHERE c.position_id = p.id AND c.state = 'copied')
    GROUP BY t.user_id
    ON CONFLICT (user_id) DO UPDATE SET total_profit = excluded.total_profit, closed_orders = excluded.closed_orders,
      profitable_orders = excluded.profitable_orders, margin_used = excluded.margin_used,
      followers = excluded.followers, as_of = excluded.as_of
    WHERE follow_trader_stats.as_of <= excluded.as_of`);
}

export const traderStatsJob: Job = {
  name: 'follow.trader_stats',
  every: 'hour',
  catchUp: 'latest',
  run: computeTraderStats,
};
