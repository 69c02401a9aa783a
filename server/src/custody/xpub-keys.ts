import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { NETWORK, p2wpkh } from '@scure/btc-signer';
import type { Network } from '@contract/fund';

/** The chain whose key a network's addresses come from: ETH and USDT on ERC20 share one. */
export const KEY_CHAINS = { BTC: 'BTC', ERC20: 'ETH', TRC20: 'TRX' } as const satisfies Record<Network, string>;
export type KeyChain = (typeof KEY_CHAINS)[Network];

/** The account path each key is expected at (BIP 84 for Bitcoin, BIP 44 for the others). */
export const ACCOUNT_PATHS: Record<KeyChain, string> = {
  BTC: "m/84'/0'/0'",
  ETH: "m/44'/60'/0'",
  TRX: "m/44'/195'/0'",
};

/** SLIP-132 version bytes: `xpub` (BIP 32) and `zpub` (BIP 84, native segwit). */
const XPUB = { public: 0x0488b21e, private: 0x0488ade4 };
const ZPUB = { public: 0x04b24746, private: 0x04b2430c };
const ACCEPTED: Record<KeyChain, string[]> = { BTC: ['xpub', 'zpub'], ETH: ['xpub'], TRX: ['xpub'] };
const PRIVATE_PREFIXES = /^[xyztuv]prv/;

export class DepositKeyError extends Error {
  override name = 'DepositKeyError';
}

/**
 * Reads an account-level extended public key. Private keys are refused outright: the server only
 * watches, so a leak of its environment exposes addresses, never funds. The key must sit at the
 * account level (depth 3) so wallets importing the same key find the same addresses.
 */
export function parseAccountKey(chain: KeyChain, text: string): HDKey {
  const value = text.trim();
  if (PRIVATE_PREFIXES.test(value)) {
    throw new DepositKeyError(
      `is a private key; give the account's extended public key instead (the server holds no private key)`,
    );
  }
  const prefix = value.slice(0, 4);
  if (!ACCEPTED[chain].includes(prefix)) {
    throw new DepositKeyError(`must be a mainnet ${ACCEPTED[chain].join(' or ')} (got "${prefix}…")`);
  }
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(value, prefix === 'zpub' ? ZPUB : XPUB);
  } catch (err) {
    throw new DepositKeyError(`is not a valid extended public key (${(err as Error).message})`);
  }
  if (key.privateKey) throw new DepositKeyError('is a private key; give the extended public key');
  if (key.depth !== 3) {
    throw new DepositKeyError(`must be the account key at ${ACCOUNT_PATHS[chain]} (depth 3, got depth ${key.depth})`);
  }
  return key;
}

const base58check = createBase58check(sha256);

/** The 20-byte Ethereum account of a public key: the last 20 bytes of keccak(x ‖ y). */
function ethereumAccount(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(-20);
}

/** EIP-55 mixed-case checksum, so wallets catch a mistyped copy. */
function eip55(account: Uint8Array): string {
  const hex = bytesToHex(account);
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(hex)));
  return `0x${[...hex].map((c, i) => (Number.parseInt(hash[i] ?? '0', 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

/** The receive address number `index` (external chain 0, as wallets number them) of an account key. */
export function addressAt(network: Network, account: HDKey, index: number): string {
  const publicKey = account.deriveChild(0).deriveChild(index).publicKey;
  if (!publicKey) throw new Error('derived key has no public key');
  switch (network) {
    case 'BTC': {
      const address = p2wpkh(publicKey, NETWORK).address;
      if (!address) throw new Error('no P2WPKH address');
      return address;
    }
    case 'ERC20':
      return eip55(ethereumAccount(publicKey));
    case 'TRC20':
      // TRON: the same account bytes as Ethereum behind the 0x41 prefix, in base58check.
      return base58check.encode(Uint8Array.of(0x41, ...ethereumAccount(publicKey)));
  }
}
