import { holding, part, usdtPriceOf, type HoldingSource, type Priced } from '../../market/holdings';
import { Money } from '../../ledger/money';
import { userSubscriptionTotals } from './repo';

/** IEO on the assets overview: payments held until the end, then the coins paid for until credited. */
export const ieoHoldings: HoldingSource<Awaited<ReturnType<typeof userSubscriptionTotals>>> = {
  read: userSubscriptionTotals,
  value({ read: totals, prices }) {
    const parts: Priced[] = [];
    for (const t of totals) {
      if (!new Money(t.held).isZero()) {
        parts.push(part('payment', t.payCurrencyId, new Money(t.held), usdtPriceOf(prices, t.payCurrencyId), true));
      }
      if (!new Money(t.toCredit).isZero()) {
        parts.push(part('to_credit', t.coinId, new Money(t.toCredit), usdtPriceOf(prices, t.coinId), false));
      }
    }
    return holding('ieo', totals.length > 0, parts);
  },
};
