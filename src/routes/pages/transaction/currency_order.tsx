import { useSearch } from '@tanstack/react-router';
import { OrdersPage } from '@/features/trade';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/transaction/currency_order?state=in_progress|complete|conditional&symbol=…`. */
export default function CurrencyOrderRoute() {
  const { state, symbol } = useSearch({ from: pages.transaction.currency_order });
  const go = useGo();
  return (
    <OrdersPage
      key={symbol ?? ''}
      state={state}
      symbol={symbol}
      onState={(next) =>
        go(
          { to: pages.transaction.currency_order, search: { state: next, ...(symbol ? { symbol } : {}) } },
          { replace: true },
        )
      }
    />
  );
}
