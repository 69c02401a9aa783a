import { useSearch } from '@tanstack/react-router';
import { LockOrdersPage } from '@/features/lockming';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/lockming/order?state=in_progress|redeemed`. */
export default function LockOrderRoute() {
  const { state } = useSearch({ from: pages.lockming.order });
  const go = useGo();
  return (
    <LockOrdersPage
      state={state}
      onState={(next) => go({ to: pages.lockming.order, search: { state: next } }, { replace: true })}
    />
  );
}
