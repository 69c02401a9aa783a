import { useSearch } from '@tanstack/react-router';
import { TradeTabPage } from '@/features/trade';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/transaction/index?tab=coin|stock|favorites|futures`; coins when absent. */
export default function TradeRoute() {
  const { tab } = useSearch({ from: pages.transaction.index });
  const go = useGo();
  return (
    <TradeTabPage
      tab={tab}
      onTab={(next) => go({ to: pages.transaction.index, search: { tab: next } }, { replace: true })}
    />
  );
}
