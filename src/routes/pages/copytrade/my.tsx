import { useSearch } from '@tanstack/react-router';
import { MyCopyPage } from '@/features/copytrade';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/copytrade/my?tab=following|follows_history|copies|copies_history`. */
export default function CopytradeMyRoute() {
  const { tab } = useSearch({ from: pages.copytrade.my });
  const go = useGo();
  return (
    <MyCopyPage tab={tab} onTab={(next) => go({ to: pages.copytrade.my, search: { tab: next } }, { replace: true })} />
  );
}
