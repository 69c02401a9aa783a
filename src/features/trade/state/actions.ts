import { useCallback } from 'react';
import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { RequestOf } from '@contract/define';
import type { Order, placeOrder } from '@contract/trade';
import { ApiError, requireLogin } from '@/lib/http';
import { useSubmit } from '@/lib/submit';
import { sendCancel, sendOrder } from '../api/trade';
import { useIdempotencyKey } from '@/lib/idempotency';
import { PLACED_LABELS } from '../model/labels';
import { outcomeOf } from '../model/status';

// A time-out or lost connection may have reached the server: retrying must reuse the key.
const mayHaveArrived = (e: ApiError) => e.type === 'network' || e.type === 'timeout';

/** Orders are never queued offline: the price they were meant for is gone by the time they would go. */
function useRefuseOffline() {
  const { t } = useLingui();
  return useCallback(() => {
    if (navigator.onLine) return false;
    Toast.show({
      content: t`You are offline. Orders are not queued because prices move; try again when connected.`,
    });
    return true;
  }, [t]);
}

/** Places an order (online only) and reports how it ended; `onDone` refreshes what it changed. */
export function usePlaceOrder(onDone: (order: Order) => void) {
  const { i18n } = useLingui();
  const idem = useIdempotencyKey();
  const offline = useRefuseOffline();
  return useSubmit(
    async (data: RequestOf<typeof placeOrder>) => {
      if (!requireLogin() || offline()) return;
      const order = await sendOrder(data, idem.current());
      idem.renew();
      const outcome = outcomeOf(order);
      Toast.show({ icon: outcome === 'cancelled' ? 'fail' : 'success', content: i18n._(PLACED_LABELS[outcome]) });
      onDone(order);
    },
    { name: 'place order', onApiError: (e) => mayHaveArrived(e) || idem.renew() },
  );
}

/** Cancels a resting order (online only). */
export function useCancelOrder(onDone: (order: Order) => void) {
  const { t } = useLingui();
  const idem = useIdempotencyKey();
  const offline = useRefuseOffline();
  return useSubmit(
    async (id: number) => {
      if (offline()) return;
      // The key names the order too, so a cancel of another order never replays this one's answer.
      const order = await sendCancel(id, `${idem.current()}:${id}`);
      idem.renew();
      Toast.show({ icon: 'success', content: t`Order cancelled` });
      onDone(order);
    },
    { name: 'cancel order', onApiError: (e) => mayHaveArrived(e) || idem.renew() },
  );
}
