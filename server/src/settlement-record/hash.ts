import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { hashBody, toHex, type HashFn } from '@contract/domain/settlement-chain';

/** The chain's hash: SHA-256 of @noble/hashes, the function the browser checks it with. */
export const sha256: HashFn = (data) => nobleSha256(data);

const encoder = new TextEncoder();

/**
 * How a record names a side of a fill without naming the user: SHA-256 of the user id and the
 * order. Bound to the order, so one user's records do not share a value; the owner, who knows
 * both, recomputes it (the order history links the record).
 */
export const partyHash = (userId: number | 'maker', orderId: number): string =>
  toHex(nobleSha256(encoder.encode(`h5-settlement/party/${userId}/${orderId}`)));

export { hashBody };
