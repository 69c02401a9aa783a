import { useSearch } from '@tanstack/react-router';
import { FuturesOrdersPage } from '@/features/futures';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/transaction/contract_order?tab=positions|pending|history&symbol=…`. */
export default function ContractOrderRoute() {
  const { tab, symbol } = useSearch({ from: pages.transaction.contract_order });
  const go = useGo();
  return (
    <FuturesOrdersPage
      key={symbol ?? ''}
      tab={tab}
      symbol={symbol}
      onTab={(next) =>
        go(
          { to: pages.transaction.contract_order, search: { tab: next, ...(symbol ? { symbol } : {}) } },
          { replace: true },
        )
      }
    />
  );
}
