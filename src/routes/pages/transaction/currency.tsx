import { useSearch } from '@tanstack/react-router';
import { AlertBell } from '@/features/alerts';
import { usePushOffer } from '@/features/notifications';
import { CurrencyPage } from '@/features/trade';
import { pages } from '@/lib/nav';

/**
 * `#/pages/transaction/currency?symbol=BTC/USDT&side=sell`; without a valid symbol, Bitcoin's pair.
 * The bell adds a price alert on the pair; once one is set, notifications are offered.
 */
export default function CurrencyRoute() {
  const { symbol, side } = useSearch({ from: pages.transaction.currency });
  const push = usePushOffer();
  return (
    <>
      <CurrencyPage
        key={`${symbol}-${side ?? ''}`}
        symbol={symbol}
        side={side}
        navRight={<AlertBell symbol={symbol} onCreated={push.offer} />}
      />
      {push.element}
    </>
  );
}
