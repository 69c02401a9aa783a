import type { NftArtwork } from '@contract/nft';

type SaleFields = Pick<NftArtwork, 'sale_id' | 'status' | 'buy_status'>;

/**
 * Bought: a fixed-price artwork or blind box whose sale took its buyer (SPEC.md's buy status 1,
 * given from the buy until the sale's end). It belongs to the buyer: no countdown, not on sale.
 */
export const isSold = (a: SaleFields): boolean => a.sale_id !== null && a.buy_status === 1;

/** Whether the screens show the artwork's sale as running or to come (its countdown and state tag). */
export const showsSale = (a: SaleFields): boolean => a.sale_id !== null && a.status !== null && !isSold(a);
