import { lazy, Suspense, useEffect, useState } from 'react';
import { HomePage } from '@/features/home';
import { HomeQuotes } from '@/features/market/home';
import { pages, useGo } from '@/lib/nav';
import { afterFirstScreen } from '@/lib/realtime/after-first-screen';

// The floating customer-service button: its chunk is requested only after home's first screen.
const SupportFab = lazy(() => import('@/features/support/fab'));

export default function IndexPage() {
  const go = useGo();
  const [fab, setFab] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstScreen().then(() => live && setFab(true));
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      <HomePage />
      <HomeQuotes
        onOpen={(symbol) => go({ to: pages.quotation.index, search: { symbol } })}
        onMore={() => go(pages.market.market)}
      />
      {fab && (
        <Suspense fallback={null}>
          <SupportFab onOpen={() => go(pages.kefu.index)} />
        </Suspense>
      )}
    </>
  );
}
