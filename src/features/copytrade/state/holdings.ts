import type { Copy, Follow } from '@contract/copytrade';
import { useHoldings } from '@/lib/holdings';
import { onLeverEvent, useUserEvents } from '@/lib/realtime';
import { fetchFollows, fetchOpenCopies, fetchPastCopies } from '../api/follow';

const PAGE = 20;

export type FollowList = 'current' | 'history';

/** The user's follows (following, or cancelled ones), stored offline as product 'follow'. */
export function useFollows(list: FollowList, enabled = true) {
  return useHoldings<Follow>({
    product: 'follow',
    states: list === 'current' ? ['following'] : ['cancelled'],
    fetchPage: (page) => fetchFollows(list === 'current' ? 1 : 2, page, PAGE),
    keyOf: (f) => ({ id: f.id, state: f.state, createdAt: Date.parse(f.created_at) }),
    enabled,
  });
}

/** The user's copies: open ones, or past ones (closed, self-holding, skipped), stored as product 'copy'. */
export function useCopies(list: FollowList, enabled = true) {
  return useHoldings<Copy>({
    product: 'copy',
    states: list === 'current' ? ['open'] : ['closed', 'self_holding', 'skipped'],
    fetchPage: (page) => (list === 'current' ? fetchOpenCopies(page, PAGE) : fetchPastCopies(page, PAGE)),
    keyOf: (c) => ({ id: c.id, state: c.state, createdAt: Date.parse(c.created_at) }),
    enabled,
  });
}

/** Refreshes on every change of the user's futures (`lever_trade`): copies open and close as futures. */
export function useOnFuturesChange(fn: () => void) {
  useUserEvents(onLeverEvent, () => fn());
}
