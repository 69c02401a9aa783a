import { RecurringListPage } from '@/features/recurring';

/** `#/pages/recurring/index`: the user's recurring buy plans. */
export default function RecurringIndexRoute() {
  return <RecurringListPage />;
}
