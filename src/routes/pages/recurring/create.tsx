import { RecurringCreatePage } from '@/features/recurring';

/** `#/pages/recurring/create`: a new recurring buy plan, confirmed on a sheet. */
export default function RecurringCreateRoute() {
  return <RecurringCreatePage />;
}
