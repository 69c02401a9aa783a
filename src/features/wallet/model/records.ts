import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';
import type { Page } from '../hooks/usePagedRecords';

/** A label for every kind of ledger transaction; the type makes a new kind fail to compile until it has one. */
export const RECORD_KINDS: Record<LedgerKind, MessageDescriptor> = {
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
  micro_stake: msg`Stake of a seconds contract`,
  micro_settle: msg`Seconds contract settled`,
  micro_refund: msg`Seconds contract refunded`,
  lever_open: msg`Futures position opened`,
  lever_fill: msg`Futures limit order filled`,
  lever_cancel: msg`Futures order cancelled, funds released`,
  lever_close: msg`Futures position closed`,
  lever_liquidation: msg`Futures position liquidated`,
  lever_overnight: msg`Futures overnight fee`,
  lock_deposit: msg`Locked for lock mining`,
  lock_interest: msg`Lock mining interest`,
  lock_release: msg`Lock mining principal returned`,
  lock_redeem: msg`Lock mining redeemed early`,
  dual_buy: msg`Held for a dual invest order`,
  dual_settle: msg`Dual invest settled`,
  dual_refund: msg`Dual invest refunded`,
  ieo_subscribe: msg`Held for an IEO subscription`,
  ieo_allocate: msg`IEO allocation paid, rest refunded`,
  ieo_refund: msg`IEO subscription refunded`,
  ieo_credit: msg`IEO coins credited`,
  coupon_discount: msg`Coupon: futures fee discount`,
  coupon_bonus: msg`Coupon: recharge bonus`,
  invite_rebate: msg`Referral rebate`,
  otc_escrow: msg`OTC order: coins in escrow`,
  otc_release: msg`OTC order completed`,
  otc_refund: msg`OTC order cancelled: escrow released`,
  loan_collateral: msg`Held as loan collateral`,
  loan_borrow: msg`Loan received`,
  loan_repay: msg`Loan repayment`,
  loan_release: msg`Loan collateral released`,
  loan_liquidation: msg`Loan liquidated`,
};

export const REVIEW_LABELS: Record<'review' | 'approved' | 'rejected', MessageDescriptor> = {
  review: msg`Under review`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
};

/** A paged server reply as the infinite list wants it. */
export function toPage<T>(reply: { data: T[]; current_page: number; last_page: number }): Page<T> {
  return { items: reply.data, more: reply.current_page < reply.last_page };
}

/** Epoch ms of a server time, 0 when unreadable (sorts last). */
export function timeOf(text: string): number {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? 0 : ms;
}

/** Records key of an item with a numeric id and a server time. */
export const recordKey = (item: { id: number; created_at: string }) => ({
  id: String(item.id),
  createdAt: timeOf(item.created_at),
});
