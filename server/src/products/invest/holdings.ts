import { holding, part, usdtPriceOf, type HoldingSource } from '../../market/holdings';
import { Money } from '../../ledger/money';
import { userInvestedTotals } from './repo';

/** Dual invest on the assets overview: the coins invested in open orders, per currency. */
export const investHoldings: HoldingSource<Awaited<ReturnType<typeof userInvestedTotals>>> = {
  read: userInvestedTotals,
  value({ read: totals, prices }) {
    const parts = totals
      .filter((t) => !new Money(t.invested).isZero())
      .map((t) => part('invested', t.currencyId, new Money(t.invested), usdtPriceOf(prices, t.currencyId), true));
    return holding('dual', totals.length > 0, parts);
  },
};
