import type { RequestOf } from '@contract/define';
import {
  auctionNFT,
  buyNFT,
  collect,
  getArtist,
  getArtistDetail,
  getBindBoxQuotationLog,
  getBoxDetail,
  getBoxList,
  getCollection,
  getMyBindBoxQuotationLog,
  getMyCollect,
  getMyNFTs,
  getNFTMessages,
  getNeedPayNFTOrder,
  openBlindBox,
  payNFTOrder,
  readNFTOrderMessage,
  resellNFT,
} from '@contract/nft';
import { walletDetail } from '@contract/wallet';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export const NFT_PAGE_LIMIT = 10;

export type ArtworkFilter = Omit<RequestOf<typeof getBoxList>, 'page' | 'limit'>;

export const fetchArtworks = (filter: ArtworkFilter, page: number) =>
  call(getBoxList, { ...filter, page, limit: NFT_PAGE_LIMIT }, quiet);
export const fetchArtwork = (id: number) => call(getBoxDetail, { id }, quiet);
export const fetchArtists = (page: number, keyword?: string) =>
  call(getArtist, { page, limit: NFT_PAGE_LIMIT, ...(keyword ? { keyword } : {}) }, quiet);
export const fetchArtist = (uid: number, page: number) =>
  call(getArtistDetail, { uid, page, limit: NFT_PAGE_LIMIT }, quiet);
export const fetchCollections = (page: number) => call(getCollection, { page, limit: NFT_PAGE_LIMIT }, quiet);
export const fetchBids = (code: number, page: number) =>
  call(getBindBoxQuotationLog, { code, page, limit: NFT_PAGE_LIMIT }, quiet);
export const fetchMyNfts = (page: number) => call(getMyNFTs, { page, limit: NFT_PAGE_LIMIT }, quiet);
export const fetchMyBids = (page: number) => call(getMyBindBoxQuotationLog, { page, limit: NFT_PAGE_LIMIT }, quiet);
export const fetchFavorites = (page: number) => call(getMyCollect, { page, limit: NFT_PAGE_LIMIT }, quiet);
export const fetchToPay = (page: number) => call(getNeedPayNFTOrder, { page, limit: NFT_PAGE_LIMIT }, quiet);
export const fetchMessages = (page: number) => call(getNFTMessages, { page, limit: NFT_PAGE_LIMIT }, quiet);
/** The exchange (change) account's balance: what NFTs are paid from. */
export const fetchBalance = (currency: number) => call(walletDetail, { currency, type: 'change' }, quiet);

// Actions: refusals (sold, outbid, balance, window) are shown by the HTTP client.
export const sendCollect = (code: number) => call(collect, { code });
export const sendBid = (code: number, price: string, idempotencyKey: string) =>
  call(auctionNFT, { code, price }, { idempotencyKey });
export const sendBuy = (id: number, idempotencyKey: string) => call(buyNFT, { id }, { idempotencyKey });
export const sendPay = (id: number, idempotencyKey: string) => call(payNFTOrder, { id }, { idempotencyKey });
export const sendOpen = (id: number, idempotencyKey: string) => call(openBlindBox, { id }, { idempotencyKey });
export const sendResell = (data: RequestOf<typeof resellNFT>, idempotencyKey: string) =>
  call(resellNFT, data, { idempotencyKey });
export const sendRead = (id?: number) => call(readNFTOrderMessage, id === undefined ? {} : { id });
