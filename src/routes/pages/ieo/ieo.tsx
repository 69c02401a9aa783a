import { IeoListPage } from '@/features/ieo';

/** `#/pages/ieo/ieo`: IEO projects. */
export default function IeoRoute() {
  return <IeoListPage />;
}
