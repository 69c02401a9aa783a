import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { RequestOf } from '@contract/define';
import type { BlindBoxProof, NftArtwork, NftOrder, resellNFT } from '@contract/nft';
import { requireLogin } from '@/lib/http';
import { useSubmit } from '@/lib/submit';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { sendBid, sendBuy, sendCollect, sendOpen, sendPay, sendRead, sendResell } from '../api/nft';

/**
 * One money-moving NFT action with its idempotency key, online only: a bid, buy or payment queued
 * offline could arrive after the auction or the payment window has ended, so nothing is queued.
 */
function useNftAction<A, R>(
  name: string,
  send: (args: A, key: string) => Promise<R>,
  done: (result: R, args: A) => void | Promise<void>,
) {
  const { t } = useLingui();
  return useMoneyAction(
    (key, args: A) => send(args, key),
    (result, [args]) => done(result, args),
    {
      name,
      offlineMessage: t`You are offline. Nothing is sent offline; try again when connected.`,
    },
  );
}

export function useBid(onDone: (artwork: NftArtwork) => void | Promise<void>) {
  const { t } = useLingui();
  return useNftAction(
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
  return useNftAction(
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
  return useNftAction(
    'pay NFT order',
    (id: number, key) => sendPay(id, key),
    async (order) => {
      Toast.show({ icon: 'success', content: t`Paid` });
      await onDone(order);
    },
  );
}

export function useOpenBox(onDone: (r: { artwork: NftArtwork; proof: BlindBoxProof }) => void | Promise<void>) {
  return useNftAction('open blind box', (id: number, key) => sendOpen(id, key), onDone);
}

export function useResell(onDone: (artwork: NftArtwork) => void | Promise<void>) {
  const { t } = useLingui();
  return useNftAction(
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
