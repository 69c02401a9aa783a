import { holding, part, usdtPriceOf, type HoldingSource } from '../../market/holdings';
import { Money } from '../../ledger/money';
import { userLockedTotals } from './repo';

/** Lock mining on the assets overview: the principal locked, per currency. */
export const lockmingHoldings: HoldingSource<Awaited<ReturnType<typeof userLockedTotals>>> = {
  read: userLockedTotals,
  value({ read: totals, prices }) {
    const parts = totals
      .filter((t) => !new Money(t.locked).isZero())
      .map((t) => part('principal', t.currencyId, new Money(t.locked), usdtPriceOf(prices, t.currencyId), true));
    return holding('lock', totals.length > 0, parts);
  },
};
