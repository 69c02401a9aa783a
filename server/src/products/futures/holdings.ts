import { CURRENCY_IDS } from '@contract/domain/instruments';
import { holding, part, type HoldingSource } from '../../market/holdings';
import { Money } from '../../ledger/money';
import type { Db } from '../../db/client';
import type { Tx } from '../../ledger/index';
import type { MarketRuntime } from '../../market/runtime';
import { livePositions, userLivePositions, type PositionRow } from '../../positions/repo';
import { instrumentOf, markOf, totalsOf } from '../../positions/service';

/**
 * Futures on the assets overview: the lever account's USDT (free, and held as margin for positions
 * and orders) plus the open positions' unrealised profit at the feed's price, summed as the
 * futures page sums it.
 */
export const futuresHoldings: HoldingSource<PositionRow[]> = {
  read: (db, userId) => userLivePositions(db, userId, { statuses: ['open'] }),
  value({ rows, read: positions, market }) {
    const lever = rows.find((r) => r.type === 'lever' && r.currencyId === CURRENCY_IDS.USDT);
    const balance = lever?.available ?? '0';
    const totals = totalsOf(positions, (pairId) => markOf(market, instrumentOf(pairId)), balance);
    const used = rows.some((r) => r.type === 'lever') || positions.length > 0;
    const usdt = CURRENCY_IDS.USDT;
    return holding('futures', used, [
      part('balance', usdt, new Money(balance), '1', true),
      part('margin', usdt, new Money(lever?.held ?? '0'), '1', true),
      part('pnl', usdt, new Money(totals.profits), '1', false),
    ]);
  },
};

/**
 * Every user's unrealised profit or loss over their open positions at the feed's mark, in USDT,
 * as the futures page sums it (the margin is held in the lever account already). For the proof of
 * liabilities, read inside its snapshot's transaction.
 */
export async function unrealisedByUser(db: Db | Tx, market: MarketRuntime) {
  const byUser = new Map<number, PositionRow[]>();
  for (const row of await livePositions(db)) {
    if (row.status === 'open') byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  }
  const markFor = (pairId: number) => markOf(market, instrumentOf(pairId));
  return [...byUser].map(([userId, rows]) => ({
    userId,
    currencyId: CURRENCY_IDS.USDT,
    amount: totalsOf(rows, markFor, '0').profits,
  }));
}
