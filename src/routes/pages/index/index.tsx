import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { HomeContentPlace, HomePage } from '@/features/home';
import { HomeQuotes } from '@/features/market/home';
import { pages, useGo } from '@/lib/nav';
import { afterFirstScreen } from '@/lib/realtime/after-first-screen';

// The floating customer-service button: its chunk is requested only after home's first screen.
const SupportFab = lazy(() => import('@/features/support/fab'));

// Banners, the news line and the popup notice: requested only after home's first screen, into a
// place home keeps for them.
const HomeContent = lazy(() => import('@/features/content/home'));

/**
 * True once the first screen is done. The change is a transition: what it mounts renders in
 * slices of a few milliseconds instead of one long task.
 */
function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstScreen().then(() => live && startTransition(() => setReady(true)));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

export default function IndexPage() {
  const go = useGo();
  const contentReady = useAfterFirstScreen();
  const fab = useAfterFirstScreen();
  return (
    <>
      <HomePage
        content={
          contentReady ? (
            <Suspense fallback={<HomeContentPlace />}>
              <HomeContent />
            </Suspense>
          ) : undefined
        }
      />
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
