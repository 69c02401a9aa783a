import { useLingui } from '@lingui/react';
import { BillsPage, type RecordLabels } from '@/features/bills';
import { ACCOUNT_LABELS } from '@/features/wallet';
import { RECORD_KINDS } from '@/routes/ledger-labels';

/** `#/pages/setting/bill`: the statement, naming movements and accounts as the wallet does. */
export default function BillRoute() {
  const { i18n } = useLingui();
  const labels: RecordLabels = {
    kind: (r) => i18n._(RECORD_KINDS[r.kind]),
    account: (r) => i18n._(ACCOUNT_LABELS[r.type]),
  };
  return <BillsPage labels={labels} />;
}
