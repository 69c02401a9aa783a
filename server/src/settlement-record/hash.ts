import { hash } from 'node:crypto';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { hashBody, type HashFn } from '@contract/domain/settlement-chain';

/** The chain's hash: SHA-256 of @noble/hashes, the function the browser checks it with. */
export const sha256: HashFn = (data) => nobleSha256(data);

/**
 * A leaf's hash, `hashBody(sha256, body)`: the same SHA-256 of the body's UTF-8, by node:crypto's
 * one-shot hash, which hashes the thousands of leaves of a settlement batch several times faster
 * than JavaScript (or than a `createHash` object per leaf).
 */
export const leafDigest = (body: string): string => hash('sha256', body, 'hex');

/**
 * How a record names a side of a fill without naming the user: SHA-256 of the user id and the
 * order. Bound to the order, so one user's records do not share a value; the owner, who knows
 * both, recomputes it (the order history links the record).
 */
export const partyHash = (userId: number | 'maker', orderId: number): string =>
  hash('sha256', `h5-settlement/party/${userId}/${orderId}`, 'hex');

export { hashBody };
