import { Outlet, useRouterState } from '@tanstack/react-router';
import { OfflineBanner } from '@/components/OfflineBanner';
import { PageTransition } from '@/components/PageTransition';
import { TabBar } from '@/components/TabBar';
import { UpdatePrompt } from '@/components/UpdatePrompt';
import { useGo } from '@/lib/nav';
import { findRoute } from '@/routes/registry';
import { useAssetListAnswer } from './useAssetListAnswer';
import { useOutboxReplay } from './useOutboxReplay';

/** Chrome shared by every page: the page area with its transition, the tab bar on tab pages. */
export function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const go = useGo();
  const tab = findRoute(pathname)?.tab;
  useOutboxReplay();
  useAssetListAnswer();
  return (
    <div className={tab ? 'app-with-tabbar' : undefined}>
      <OfflineBanner />
      <PageTransition transitionKey={pathname}>
        <Outlet />
      </PageTransition>
      {tab && <TabBar active={tab} onChange={go} />}
      <UpdatePrompt />
    </div>
  );
}
