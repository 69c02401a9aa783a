import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Page } from '../hooks/usePagedRecords';

/** Kinds of ledger entries the server names; an unknown kind is shown as the server wrote it. */
export const RECORD_KINDS: Record<string, MessageDescriptor> = {
  transfer: msg`Transfer between accounts`,
  exchange: msg`Exchange`,
  exchange_fee: msg`Exchange fee`,
  demo_credit: msg`Demo funds`,
  deposit: msg`Recharge`,
  withdrawal: msg`Withdrawal`,
  withdrawal_fee: msg`Withdrawal fee`,
  hold: msg`Held for withdrawal`,
  release: msg`Released`,
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
export const recordKey = (item: { id: number; created_at: string }) => ({ id: String(item.id), createdAt: timeOf(item.created_at) });
