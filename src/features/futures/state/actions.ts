import { useCallback } from 'react';
import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { RequestOf } from '@contract/define';
import type { leverSubmit, Position } from '@contract/lever';
import { ApiError, requireLogin } from '@/lib/http';
import { useSubmit } from '@/lib/submit';
import { sendBatchClose, sendCancel, sendClose, sendOpen, sendStops } from '../api/lever';
import { useIdempotencyKey } from '@/lib/idempotency';

// A time-out or lost connection may have reached the server: retrying must reuse the key.
const mayHaveArrived = (e: ApiError) => e.type === 'network' || e.type === 'timeout';

/** Nothing is placed offline: the price an order or close was meant for is gone by the time it would go. */
function useRefuseOffline() {
  const { t } = useLingui();
  return useCallback(() => {
    if (navigator.onLine) return false;
    Toast.show({ content: t`You are offline. Futures orders and closes are not queued; try again when connected.` });
    return true;
  }, [t]);
}

/** Opens a position (online only); `onDone` refreshes what it changed. */
export function useOpenPosition(onDone: (p: Position) => void) {
  const { t } = useLingui();
  const idem = useIdempotencyKey();
  const offline = useRefuseOffline();
  return useSubmit(
    async (data: RequestOf<typeof leverSubmit>) => {
      if (!requireLogin() || offline()) return;
      const position = await sendOpen(data, idem.current());
      idem.renew();
      Toast.show({
        icon: 'success',
        content: position.status === 'pending' ? t`Limit order placed` : t`Position opened`,
      });
      onDone(position);
    },
    { name: 'open position', onApiError: (e) => mayHaveArrived(e) || idem.renew() },
  );
}

/** Closes one open position, or cancels a pending one. */
export function useClosePosition(onDone: () => void) {
  const { t } = useLingui();
  const idem = useIdempotencyKey();
  const offline = useRefuseOffline();
  return useSubmit(
    async (p: Position) => {
      if (offline()) return;
      // The key names the position too, so acting on another never replays this one's answer.
      const key = `${idem.current()}:${p.id}`;
      if (p.status === 'pending') {
        await sendCancel(p.id, key);
        Toast.show({ icon: 'success', content: t`Order cancelled` });
      } else {
        await sendClose(p.id, key);
        Toast.show({ icon: 'success', content: t`Position closed` });
      }
      idem.renew();
      onDone();
    },
    { name: 'close position', onApiError: (e) => mayHaveArrived(e) || idem.renew() },
  );
}

/** Sets or clears a position's take-profit and stop-loss. */
export function useSetStops(onDone: () => void) {
  const { t } = useLingui();
  const idem = useIdempotencyKey();
  const offline = useRefuseOffline();
  return useSubmit(
    async (id: number, stops: { target_profit_price?: string; stop_loss_price?: string }) => {
      if (offline()) return;
      await sendStops(
        { id, target_profit_price: stops.target_profit_price ?? '', stop_loss_price: stops.stop_loss_price ?? '' },
        `${idem.current()}:${id}`,
      );
      idem.renew();
      Toast.show({ icon: 'success', content: t`Take-profit and stop-loss saved` });
      onDone();
    },
    { name: 'set stops', onApiError: (e) => mayHaveArrived(e) || idem.renew() },
  );
}

export type BatchScope = 0 | 1 | 2;

/** Closes all open positions, or all longs, or all shorts (optionally of one pair). */
export function useBatchClose(onDone: () => void) {
  const { t } = useLingui();
  const idem = useIdempotencyKey();
  const offline = useRefuseOffline();
  return useSubmit(
    async (type: BatchScope, pair?: { currency_id: number; legal_id: number }) => {
      if (offline()) return;
      const reply = await sendBatchClose({ type, ...(pair ?? {}) }, `${idem.current()}:${type}`);
      idem.renew();
      const closed = reply.closed.length;
      const skipped = reply.skipped.length;
      Toast.show({
        icon: skipped ? undefined : 'success',
        content: skipped
          ? t`Positions closed: ${closed}. Left open without a live price: ${skipped}`
          : t`Positions closed: ${closed}`,
      });
      onDone();
    },
    { name: 'batch close', onApiError: (e) => mayHaveArrived(e) || idem.renew() },
  );
}
