import { IeoOrdersPage } from '@/features/ieo';

/** `#/pages/ieo/order`: my subscriptions. */
export default function IeoOrderRoute() {
  return <IeoOrdersPage />;
}
