import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { RequestOf } from '@contract/define';
import type { Order, placeOrder } from '@contract/trade';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { sendCancel, sendOrder } from '../api/trade';
import { PLACED_LABELS } from '../model/labels';
import { outcomeOf } from '../model/status';

/** Orders are never queued offline: the price they were meant for is gone by the time they would go. */
export function useOfflineMessage() {
  const { t } = useLingui();
  return t`You are offline. Orders are not queued because prices move; try again when connected.`;
}

/** Places an order (online only) and reports how it ended; `onDone` refreshes what it changed. */
export function usePlaceOrder(onDone: (order: Order) => void) {
  const { i18n } = useLingui();
  const offlineMessage = useOfflineMessage();
  return useMoneyAction(
    (key, data: RequestOf<typeof placeOrder>) => sendOrder(data, key),
    (order) => {
      const outcome = outcomeOf(order);
      Toast.show({ icon: outcome === 'cancelled' ? 'fail' : 'success', content: i18n._(PLACED_LABELS[outcome]) });
      onDone(order);
    },
    { name: 'place order', offlineMessage },
  );
}

/** Cancels a resting order (online only). */
export function useCancelOrder(onDone: (order: Order) => void) {
  const { t } = useLingui();
  const offlineMessage = useOfflineMessage();
  return useMoneyAction(
    // The key names the order too, so a cancel of another order never replays this one's answer.
    (key, id: number) => sendCancel(id, `${key}:${id}`),
    (order) => {
      Toast.show({ icon: 'success', content: t`Order cancelled` });
      onDone(order);
    },
    { name: 'cancel order', offlineMessage, login: false },
  );
}
