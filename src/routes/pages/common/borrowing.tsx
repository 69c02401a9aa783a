import { useSearch } from '@tanstack/react-router';
import { LoansPage } from '@/features/loans';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/common/borrowing?tab=borrow|mine`: crypto loans (products and calculator, my loans). */
export default function BorrowingRoute() {
  const { tab } = useSearch({ from: pages.common.borrowing });
  const go = useGo();
  return (
    <LoansPage
      tab={tab}
      onTab={(next) => go({ to: pages.common.borrowing, search: { tab: next } }, { replace: true })}
    />
  );
}
