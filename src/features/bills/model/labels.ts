import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { billTypeOf, type BillType } from '@contract/bill';
import type { LedgerKind } from '@contract/domain/ledger-kinds';

/** Bill types as the filter and the rows name them. */
export const BILL_TYPE_LABELS: Record<BillType, MessageDescriptor> = {
  recharge: msg`Recharges`,
  withdrawal: msg`Withdrawals`,
  transfer: msg`Transfers`,
  exchange: msg`Exchanges`,
  spot: msg`Spot trading`,
  futures: msg`Futures`,
  seconds: msg`Seconds contracts`,
  earn: msg`Earn`,
  coupon: msg`Coupons`,
  other: msg`Other`,
};

export function useBillLabels() {
  const { i18n } = useLingui();
  return {
    type: (t: BillType | LedgerKind) =>
      i18n._(BILL_TYPE_LABELS[(t in BILL_TYPE_LABELS ? t : billTypeOf(t)) as BillType]),
  };
}
