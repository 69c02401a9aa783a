import { useSearch } from '@tanstack/react-router';
import { OtcPage } from '@/features/otc';
import { pages, useGo } from '@/lib/nav';

/**
 * `#/pages/otc/otc?view=market|orders|order|merchant|ad&id=…&side=buy|sell&coin=…`: the OTC
 * market, my orders, one order with its chat, the merchant's application, ads and ad form.
 */
export default function OtcRoute() {
  const search = useSearch({ from: pages.otc.otc });
  const go = useGo();
  return <OtcPage search={search} onSearch={(next, replace) => go({ to: pages.otc.otc, search: next }, { replace })} />;
}
