import { useSearch } from '@tanstack/react-router';
import { SharePage } from '@/features/invite';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/setting/share?view=invite|rebate|team`: invite friends, rebate records, the team. */
export default function ShareRoute() {
  const { view } = useSearch({ from: pages.setting.share });
  const go = useGo();
  return <SharePage view={view} onView={(next) => go({ to: pages.setting.share, search: { view: next } })} />;
}
