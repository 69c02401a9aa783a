import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { Conditional } from '@contract/conditional';
import { useStoredList } from '@/lib/paging/stored';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { useOfflineMessage } from './actions';
import { fetchConditionals, sendCancelConditional, sendConditional } from '../api/conditional';
import type { CheckedStop } from '../model/stopCheck';
import { useOrderEvents } from './orders';

const PAGE_SIZE = 20;

type PairIds = { symbol: string; currency_id: number; legal_id: number };

/**
 * The user's stop orders (every state), newest first, of one pair or of all, stored for offline
 * reading with their time. No event names a stop order: one fires by becoming a spot order, whose
 * `order` event arrives then, so every order event (of the pair) reloads the first page.
 */
export function useConditionals(pair: PairIds | undefined, enabled = true) {
  const list = useStoredList<Conditional>({
    list: `conditional:${pair?.symbol ?? '*'}`,
    fetchPage: (page) =>
      fetchConditionals({
        page,
        limit: PAGE_SIZE,
        ...(pair ? { currency_id: pair.currency_id, legal_id: pair.legal_id } : {}),
      }),
    keyOf: (c) => ({ id: c.id, createdAt: Date.parse(c.created_at) || 0 }),
    enabled,
  });
  useOrderEvents((e) => {
    if (enabled && (!pair || e.symbol === pair.symbol)) void list.refresh();
  });
  return list;
}

/**
 * Places a stop order or an OCO on a pair (online only: it holds funds now, like an order it is
 * never queued); `onDone` refreshes the list and balances.
 */
export function usePlaceConditional(pair: { currency_id: number; legal_id: number }, onDone: () => void) {
  const { t } = useLingui();
  const offlineMessage = useOfflineMessage();
  return useMoneyAction(
    (key, order: CheckedStop) =>
      sendConditional({ currency_id: pair.currency_id, legal_id: pair.legal_id, ...order }, key),
    (placed) => {
      const content =
        placed.kind === 'oco'
          ? t`OCO placed: its limit order is on the book, its stop waits`
          : t`Stop order placed; its funds are held until it fires`;
      Toast.show({ icon: 'success', content });
      onDone();
    },
    { name: 'place stop order', offlineMessage },
  );
}

/** Cancels a waiting stop order (online only); its hold is released. */
export function useCancelConditional(onDone: () => void) {
  const { t } = useLingui();
  const offlineMessage = useOfflineMessage();
  return useMoneyAction(
    // The key names the order too, so a cancel of another one never replays this one's answer.
    (key, id: number) => sendCancelConditional(id, `${key}:${id}`),
    () => {
      Toast.show({ icon: 'success', content: t`Stop order cancelled; its funds are released` });
      onDone();
    },
    { name: 'cancel stop order', offlineMessage, login: false },
  );
}
