import {
  otcAd,
  otcAdSave,
  otcAdStatus,
  otcAds,
  otcApply,
  otcMerchant,
  otcMessageSend,
  otcMessages,
  otcMyAds,
  otcOrder,
  otcOrderAppeal,
  otcOrderCancel,
  otcOrderOpen,
  otcOrderPaid,
  otcOrderRelease,
  otcOrders,
  otcTerms,
  type AdSide,
  type AdState,
  type OtcCoin,
  type PayMethod,
} from '@contract/otc';
import type { RequestOf } from '@contract/define';
import type { FiatCode } from '@contract/market';
import { call } from '@/lib/http';

// Reads are quiet: each screen shows its own error state with a retry.
const quiet = { silent: true } as const;
const PAGE = 20;

export const fetchTerms = () => call(otcTerms, {}, quiet);
export const fetchAds = (side: AdSide, coin: OtcCoin, fiat: FiatCode | undefined, page: number) =>
  call(otcAds, { side, coin, ...(fiat ? { fiat } : {}), page, limit: PAGE }, quiet);
export const fetchAd = (id: number) => call(otcAd, { id }, quiet);
export const fetchMerchant = () => call(otcMerchant, {}, quiet);
export const fetchMyAds = (page: number) => call(otcMyAds, { page, limit: PAGE }, quiet);
export const fetchOrder = (id: number) => call(otcOrder, { id }, quiet);
export const fetchOrders = (open: boolean, page: number) =>
  call(otcOrders, { open: open ? '1' : '0', page, limit: PAGE }, quiet);
export const fetchMessages = (id: number, after: number) => call(otcMessages, { id, after }, quiet);

export const sendApply = (introduction: string) => call(otcApply, { introduction });
/** The ad form's fields as the contract's request takes them (methods comma-separated). */
export type AdFields = RequestOf<typeof otcAdSave>;
export const sendAd = (fields: AdFields) => call(otcAdSave, fields);
export const sendAdStatus = (id: number, status: AdState) => call(otcAdStatus, { id, status });
export const sendOpen = (key: string, adId: number, quantity: string, method: PayMethod) =>
  call(otcOrderOpen, { ad_id: adId, quantity, method }, { idempotencyKey: key });
export const sendPaid = (key: string, id: number, proof: string | undefined) =>
  call(otcOrderPaid, { id, ...(proof ? { proof } : {}) }, { idempotencyKey: key });
export const sendCancel = (key: string, id: number) => call(otcOrderCancel, { id }, { idempotencyKey: key });
export const sendRelease = (key: string, id: number) => call(otcOrderRelease, { id }, { idempotencyKey: key });
export const sendAppeal = (key: string, id: number, text: string, images: string[]) =>
  call(otcOrderAppeal, { id, text, ...(images.length ? { images: images.join(',') } : {}) }, { idempotencyKey: key });
export const sendMessage = (id: number, text: string, image: string | undefined) =>
  call(otcMessageSend, { id, text, ...(image ? { image } : {}) });
