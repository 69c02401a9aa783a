import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { OfflineBanner } from '@/components/OfflineBanner';
import { PageTransition } from '@/components/PageTransition';
import { SlowRequestSpinner } from '@/components/SlowRequestSpinner';
import { TabBar } from '@/components/TabBar';
import { useGo } from '@/lib/nav';
import { afterFirstScreen } from '@/lib/realtime/after-first-screen';
import { findRoute } from '@/routes/registry';
import { useAssetListAnswer } from './useAssetListAnswer';
import { useLastScreen } from './useLastScreen';
import { useOutboxReplay } from './useOutboxReplay';

/**
 * Registers the service worker and offers updates. It waits for the first screen: the worker's
 * registration script and its precache downloads would otherwise compete with the first route.
 */
const UpdatePrompt = lazy(() =>
  import('@/components/UpdatePrompt').then(
    (m) => ({ default: m.UpdatePrompt }),
    // Offline before its chunk was ever cached: no prompt this time rather than a failed app.
    (error: unknown) => {
      console.warn('update prompt unavailable', error);
      return { default: () => null };
    },
  ),
);

function useAfterFirstScreen(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    // A transition: the worker's prompt mounts in slices, never as one long task.
    void afterFirstScreen().then(() => live && startTransition(() => setDone(true)));
    return () => {
      live = false;
    };
  }, []);
  return done;
}

/** Chrome shared by every page: the page area with its transition, the tab bar on tab pages. */
export function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The page on screen: `location` changes as soon as a navigation starts, before its page loads.
  const shown = useRouterState({ select: (s) => s.resolvedLocation?.pathname });
  const go = useGo();
  const tab = findRoute(pathname)?.tab;
  useOutboxReplay();
  useAssetListAnswer();
  useLastScreen(shown);
  const registerWorker = useAfterFirstScreen();
  return (
    <div className={tab ? 'app-with-tabbar' : undefined}>
      <OfflineBanner />
      <SlowRequestSpinner />
      <PageTransition transitionKey={pathname}>
        <Outlet />
      </PageTransition>
      {tab && <TabBar active={tab} onChange={go} />}
      {registerWorker && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </div>
  );
}
