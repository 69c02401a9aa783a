import { FinancePage } from '@/features/finance';

/** `#/pages/financial/index`: the Finance tab. */
export default function FinancialRoute() {
  return <FinancePage />;
}
