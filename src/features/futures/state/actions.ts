import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { RequestOf } from '@contract/define';
import type { leverSubmit, Position } from '@contract/futures';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { SOURCE_LABELS, tickTime } from '../model/labels';
import { sendBatchClose, sendCancel, sendClose, sendOpen, sendStops } from '../api/lever';

/** Nothing is placed offline: the price an order or close was meant for is gone by the time it would go. */
function useOfflineMessage() {
  const { t } = useLingui();
  return t`You are offline. Futures orders and closes are not queued; try again when connected.`;
}

/** Opens a position (online only); `onDone` refreshes what it changed. */
export function useOpenPosition(onDone: (p: Position) => void) {
  const { t } = useLingui();
  const offlineMessage = useOfflineMessage();
  return useMoneyAction(
    (key, data: RequestOf<typeof leverSubmit>) => sendOpen(data, key),
    (position) => {
      Toast.show({
        icon: 'success',
        content: position.status === 'pending' ? t`Limit order placed` : t`Position opened`,
      });
      onDone(position);
    },
    { name: 'open position', offlineMessage },
  );
}

/** Closes one open position, or cancels a pending one. */
export function useClosePosition(onDone: () => void) {
  const { t, i18n } = useLingui();
  /** The close as recorded: the price and the feed tick (time, source) it was taken from. */
  const closedText = (done: Position) => {
    if (done.close_price === null || done.close_price_at === null || done.close_source === null) {
      return t`Position closed`;
    }
    const price = done.close_price;
    const time = tickTime(done.close_price_at);
    const source = i18n._(SOURCE_LABELS[done.close_source]);
    return t`Position closed at ${price} USDT, the ${source} price of ${time}`;
  };
  const offlineMessage = useOfflineMessage();
  return useMoneyAction(
    // The key names the position too, so acting on another never replays this one's answer.
    (key, p: Position) =>
      p.status === 'pending' ? sendCancel(p.id, `${key}:${p.id}`) : sendClose(p.id, `${key}:${p.id}`),
    (done, [p]) => {
      Toast.show({ icon: 'success', content: p.status === 'pending' ? t`Order cancelled` : closedText(done) });
      onDone();
    },
    { name: 'close position', offlineMessage, login: false },
  );
}

/** What the stop sheet saves: each field absent clears it. */
export interface Stops {
  target_profit_price?: string;
  stop_loss_price?: string;
  trail_percent?: string;
  trail_distance?: string;
}

/** Sets or clears a position's take-profit, stop-loss and trailing stop. */
export function useSetStops(onDone: () => void) {
  const { t } = useLingui();
  const offlineMessage = useOfflineMessage();
  return useMoneyAction(
    (key, id: number, stops: Stops) =>
      sendStops(
        {
          id,
          target_profit_price: stops.target_profit_price ?? '',
          stop_loss_price: stops.stop_loss_price ?? '',
          trail_percent: stops.trail_percent ?? '',
          trail_distance: stops.trail_distance ?? '',
        },
        `${key}:${id}`,
      ),
    () => {
      Toast.show({ icon: 'success', content: t`Stops saved` });
      onDone();
    },
    { name: 'set stops', offlineMessage, login: false },
  );
}

export type BatchScope = 0 | 1 | 2;

/** Closes all open positions, or all longs, or all shorts (optionally of one pair). */
export function useBatchClose(onDone: () => void) {
  const { t } = useLingui();
  const offlineMessage = useOfflineMessage();
  return useMoneyAction(
    (key, type: BatchScope, pair?: { currency_id: number; legal_id: number }) =>
      sendBatchClose({ type, ...(pair ?? {}) }, `${key}:${type}`),
    (reply) => {
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
    { name: 'batch close', offlineMessage, login: false },
  );
}
