import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Page } from '../hooks/usePagedRecords';

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
