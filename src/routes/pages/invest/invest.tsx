import { useSearch } from '@tanstack/react-router';
import { InvestPage } from '@/features/invest';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/invest/invest?currency_id=1|2`: dual invest products by coin. */
export default function InvestRoute() {
  const { currency_id } = useSearch({ from: pages.invest.invest });
  const go = useGo();
  return (
    <InvestPage
      currencyId={currency_id}
      onCoin={(id) => go({ to: pages.invest.invest, search: { currency_id: id } }, { replace: true })}
    />
  );
}
