import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import type { NftArtworkDetail } from '@contract/nft';
import { useCachedReply } from '@/lib/holdings';
import { isLoggedInAtom } from '@/lib/state';
import {
  fetchArtist,
  fetchArtists,
  fetchArtwork,
  fetchArtworks,
  fetchBids,
  fetchCollections,
  fetchFavorites,
  fetchMessages,
  fetchMyBids,
  fetchMyNfts,
  fetchToPay,
  type ArtworkFilter,
} from '../api/nft';
import { useCachedPages, useScopedKey } from './pages';

// Catalogue replies carry the caller's own fields (owned, favorite, margin held): kept per user.

export function useArtworks(filter: ArtworkFilter) {
  const json = JSON.stringify(filter);
  const key = useScopedKey(`nft:artworks:${json}`);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter is compared by its text
  const fetchPage = useCallback((page: number) => fetchArtworks(filter, page), [json]);
  return useCachedPages(key, fetchPage);
}

export function useArtwork(id: number | undefined) {
  const key = useScopedKey(`nft:artwork:${id ?? 0}`);
  const fetchOne = useCallback(() => fetchArtwork(id ?? 0), [id]);
  return useCachedReply<NftArtworkDetail>(key, fetchOne, id !== undefined);
}

export function useArtists() {
  return useCachedPages('nft:artists', fetchArtists);
}

export function useArtistPage(uid: number | undefined) {
  const key = useScopedKey(`nft:artist:${uid ?? 0}`);
  const fetchOne = useCallback(() => fetchArtist(uid ?? 0, 1), [uid]);
  return useCachedReply(key, fetchOne, uid !== undefined);
}

export function useCollections() {
  return useCachedPages('nft:collections', fetchCollections);
}

/** An auction's bid record, highest first. */
export function useBidRecord(code: number) {
  const key = useScopedKey(`nft:bids:${code}`);
  const fetchPage = useCallback((page: number) => fetchBids(code, page), [code]);
  return useCachedPages(key, fetchPage);
}

// The user's own lists: read offline from the device, fetched only when signed in.

export function useMyNfts() {
  const signedIn = useAtomValue(isLoggedInAtom);
  return useCachedPages(useScopedKey('nft:mine'), fetchMyNfts, signedIn);
}

export function useFavorites() {
  const signedIn = useAtomValue(isLoggedInAtom);
  return useCachedPages(useScopedKey('nft:favorites'), fetchFavorites, signedIn);
}

export function useMyBids() {
  const signedIn = useAtomValue(isLoggedInAtom);
  return useCachedPages(useScopedKey('nft:my-bids'), fetchMyBids, signedIn);
}

export function useToPay() {
  const signedIn = useAtomValue(isLoggedInAtom);
  return useCachedPages(useScopedKey('nft:to-pay'), fetchToPay, signedIn);
}

export function useMessages() {
  const signedIn = useAtomValue(isLoggedInAtom);
  return useCachedPages(useScopedKey('nft:messages'), fetchMessages, signedIn);
}
