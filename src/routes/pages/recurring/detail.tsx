import { useSearch } from '@tanstack/react-router';
import { RecurringDetailPage } from '@/features/recurring';
import { pages } from '@/lib/nav';

/** `#/pages/recurring/detail?id=`: one plan, its runs and average cost. */
export default function RecurringDetailRoute() {
  const { id } = useSearch({ from: pages.recurring.detail });
  return <RecurringDetailPage id={id} />;
}
