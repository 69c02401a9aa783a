import { LockProductsPage } from '@/features/lockming';

/** `#/pages/lockming/lockming`: lock-mining products. */
export default function LockmingRoute() {
  return <LockProductsPage />;
}
