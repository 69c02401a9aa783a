import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import { HomeContentPlace, HomePage } from '@/features/home';
import { HomeQuotes } from '@/features/market/home';
import { pages, useGo } from '@/lib/nav';
import { afterFirstScreen } from '@/lib/realtime/after-first-screen';

/**
 * A part of home loaded after its first screen. When its chunk cannot load (offline, before it
 * was ever cached) home goes on without it instead of failing as a whole.
 */
function later<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  instead: ComponentType<P>,
): ComponentType<P> {
  return lazy(() =>
    load().catch((error: unknown) => {
      console.warn('home: a part loaded after the first screen is unavailable', error);
      return { default: instead };
    }),
  );
}

// The floating customer-service button: its chunk is requested only after home's first screen.
const SupportFab = later(
  () => import('@/features/support/fab'),
  () => null,
);

// Banners, the news line and the popup notice: requested only after home's first screen, into a
// place home keeps for them.
const HomeContent = later(() => import('@/features/content/home'), HomeContentPlace);

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
