import { useSearch } from '@tanstack/react-router';
import { MinePage } from '@/features/invest';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/invest/mine?state=purchased|settling|completed|failed`: my dual invest orders. */
export default function MineRoute() {
  const { state } = useSearch({ from: pages.invest.mine });
  const go = useGo();
  return (
    <MinePage state={state} onState={(s) => go({ to: pages.invest.mine, search: { state: s } }, { replace: true })} />
  );
}
