import { useSearch } from '@tanstack/react-router';
import { OtcPage } from '@/features/otc';
import { pages, useGo } from '@/lib/nav';

/**
 * `#/pages/otc/otc?view=market|orders|merchant|ad&id=…&side=buy|sell&coin=…`: the OTC market, my
 * orders, the merchant's application, ads and ad form; an order opens `otc/order`.
 */
export default function OtcRoute() {
  const search = useSearch({ from: pages.otc.otc });
  const go = useGo();
  return (
    <OtcPage
      search={search}
      onSearch={(next, replace) => go({ to: pages.otc.otc, search: next }, { replace })}
      onOrder={(id) => go({ to: pages.otc.order, search: { id } })}
    />
  );
}
