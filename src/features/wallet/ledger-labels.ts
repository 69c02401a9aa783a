import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';

/**
 * How the records and the statement name the ledger's own kinds and the wallet's (money in and out, between accounts, orders, coupons); found by folder
 * (`src/routes/ledger-labels.ts`), translated in the shared `records` catalog.
 */
export const LEDGER_LABELS = {
  demo_credit: msg`Demo funds`,
  deposit: msg`Recharge`,
  transfer: msg`Transfer between accounts`,
  exchange: msg`Exchange`,
  withdrawal_hold: msg`Held for withdrawal`,
  withdrawal: msg`Withdrawal`,
  withdrawal_rejected: msg`Withdrawal rejected, funds released`,
  hold: msg`Held`,
  release: msg`Released`,
  hold_posted: msg`Paid from held funds`,
  order_hold: msg`Held for an order`,
  order_fill: msg`Order filled`,
  order_release: msg`Order funds released`,
  maker_funding: msg`Market maker funding`,
  coupon_discount: msg`Coupon: futures fee discount`,
  coupon_bonus: msg`Coupon: recharge bonus`,
} satisfies Partial<Record<LedgerKind, MessageDescriptor>>;
