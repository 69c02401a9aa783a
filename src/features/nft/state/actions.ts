import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { RequestOf } from '@contract/define';
import type { BlindBoxProof, NftArtwork, NftOrder, resellNFT } from '@contract/nft';
import { requireLogin, type ApiError } from '@/lib/http';
import { useIdempotencyKey } from '@/lib/idempotency';
import { useSubmit } from '@/lib/submit';
import { sendBid, sendBuy, sendCollect, sendOpen, sendPay, sendRead, sendResell } from '../api/nft';

// A time-out or lost connection may have reached the server: retrying must reuse the key.
const mayHaveArrived = (e: ApiError) => e.type === 'network' || e.type === 'timeout';

/**
 * One money-moving NFT action with its idempotency key, online only: a bid, buy or payment queued
 * offline could arrive after the auction or the payment window has ended, so nothing is queued.
 */
function useMoneyAction<A, R>(
  name: string,
  send: (args: A, key: string) => Promise<R>,
  done: (result: R, args: A) => void | Promise<void>,
) {
  const { t } = useLingui();
  const idem = useIdempotencyKey();
  return useSubmit(
    async (args: A) => {
      if (!requireLogin()) return;
      if (!navigator.onLine) {
        Toast.show({ content: t`You are offline. Nothing is sent offline; try again when connected.` });
        return;
      }
      const result = await send(args, idem.current());
      idem.renew();
      await done(result, args);
    },
    { name, onApiError: (e) => mayHaveArrived(e) || idem.renew() },
  );
}

export function useBid(onDone: (artwork: NftArtwork) => void | Promise<void>) {
  const { t } = useLingui();
  return useMoneyAction(
    'bid on NFT',
    ({ code, price }: { code: number; price: string }, key) => sendBid(code, price, key),
    async (artwork) => {
      Toast.show({ icon: 'success', content: t`Bid placed` });
      await onDone(artwork);
    },
  );
}

export function useBuy(onDone: (order: NftOrder) => void | Promise<void>) {
  const { t } = useLingui();
  return useMoneyAction(
    'buy NFT',
    (id: number, key) => sendBuy(id, key),
    async (order) => {
      Toast.show({ icon: 'success', content: t`Bought` });
      await onDone(order);
    },
  );
}

export function usePay(onDone: (order: NftOrder) => void | Promise<void>) {
  const { t } = useLingui();
  return useMoneyAction(
    'pay NFT order',
    (id: number, key) => sendPay(id, key),
    async (order) => {
      Toast.show({ icon: 'success', content: t`Paid` });
      await onDone(order);
    },
  );
}

export function useOpenBox(onDone: (r: { artwork: NftArtwork; proof: BlindBoxProof }) => void | Promise<void>) {
  return useMoneyAction('open blind box', (id: number, key) => sendOpen(id, key), onDone);
}

export function useResell(onDone: (artwork: NftArtwork) => void | Promise<void>) {
  const { t } = useLingui();
  return useMoneyAction(
    'resell NFT',
    (data: RequestOf<typeof resellNFT>, key) => sendResell(data, key),
    async (artwork) => {
      Toast.show({ icon: 'success', content: t`Listed for sale` });
      await onDone(artwork);
    },
  );
}

/** Favorite or unfavorite: online only (the server answers the new state and count). */
export function useCollect(onDone: () => void | Promise<void>) {
  const { t } = useLingui();
  return useSubmit(
    async (code: number) => {
      if (!requireLogin()) return;
      if (!navigator.onLine) {
        Toast.show({ content: t`You are offline. Nothing is sent offline; try again when connected.` });
        return;
      }
      const r = await sendCollect(code);
      Toast.show({ content: r.collected ? t`Added to favorites` : t`Removed from favorites` });
      await onDone();
    },
    { name: 'favorite NFT' },
  );
}

/** Marks one message read (or all without an id); offline the message stays unread until later. */
export function useReadMessage(onDone: () => void | Promise<void>) {
  return useSubmit(
    async (id?: number) => {
      if (!navigator.onLine) return;
      await sendRead(id);
      await onDone();
    },
    { name: 'read NFT message' },
  );
}
