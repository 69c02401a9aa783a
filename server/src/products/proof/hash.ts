import { randomBytes } from 'node:crypto';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import type { HashFn } from '@contract/domain/merkle-sum';

/** The tree's hash: SHA-256 of @noble/hashes, the same function the browser and the CLI use. */
export const sha256: HashFn = (data) => nobleSha256(data);

/** Nonces and splits come from the operating system's CSPRNG. */
export const secureRandom = (n: number) => new Uint8Array(randomBytes(n));
