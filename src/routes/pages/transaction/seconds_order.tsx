import { useSearch } from '@tanstack/react-router';
import { SecondsOrdersPage } from '@/features/seconds';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/transaction/seconds_order?state=holding|history&symbol=…`. */
export default function SecondsOrderRoute() {
  const { state, symbol } = useSearch({ from: pages.transaction.seconds_order });
  const go = useGo();
  return (
    <SecondsOrdersPage
      key={symbol ?? ''}
      state={state}
      symbol={symbol}
      onState={(next) =>
        go(
          { to: pages.transaction.seconds_order, search: { state: next, ...(symbol ? { symbol } : {}) } },
          { replace: true },
        )
      }
    />
  );
}
