import { createHash } from 'node:crypto';
import { isAddressFor, type Network } from '@contract/fund';
import { AppError } from '../../errors';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

function base58Decode(s: string): Buffer | null {
  let n = 0n;
  for (const ch of s) {
    const i = BASE58.indexOf(ch);
    if (i < 0) return null;
    n = n * 58n + BigInt(i);
  }
  const hex = n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = s.match(/^1*/)?.[0].length ?? 0;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

/** Base58Check: the last 4 bytes are the double-SHA256 of the rest (BTC legacy, TRON). */
function base58CheckPayload(s: string): Buffer | null {
  const raw = base58Decode(s);
  if (!raw || raw.length < 5) return null;
  const payload = raw.subarray(0, -4);
  return sha256(sha256(payload)).subarray(0, 4).equals(raw.subarray(-4)) ? payload : null;
}

function bech32Polymod(values: number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk;
}

/** bech32 (witness v0) or bech32m (v1+) checksum of a `bc1` address (BIP 173 / BIP 350). */
function bech32Valid(address: string): boolean {
  const data = [...address.slice(3)].map((c) => BECH32.indexOf(c));
  if (data.some((d) => d < 0) || data.length < 7) return false;
  const hrp = [...'bc'].map((c) => c.charCodeAt(0));
  const expanded = [...hrp.map((c) => c >> 5), 0, ...hrp.map((c) => c & 31), ...data];
  const mod = bech32Polymod(expanded);
  return data[0] === 0 ? mod === 1 : mod === 0x2bc830a3;
}

/**
 * Whether a withdrawal address is real for its network, not just shaped like one: BTC and TRON
 * addresses carry checksums, so a mistyped character is caught before money is sent to it.
 * ERC20 addresses in one case carry no checksum; mixed case (EIP-55) needs keccak, which node
 * does not ship, so only the shape is checked there.
 */
export function isValidAddress(network: Network, address: string): boolean {
  if (!isAddressFor(network, address)) return false;
  if (network === 'ERC20') return true;
  if (network === 'BTC' && address.startsWith('bc1')) return bech32Valid(address);
  const payload = base58CheckPayload(address);
  if (!payload || payload.length !== 21) return false;
  const version = payload[0];
  return network === 'TRC20' ? version === 0x41 : version === 0x00 || version === 0x05;
}

export function checkAddress(network: Network, address: string): void {
  if (!isValidAddress(network, address)) throw new AppError('address_invalid', { field: 'address' });
}

function base58Encode(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)]! + out;
    n /= 58n;
  }
  const zeros = bytes.findIndex((b) => b !== 0);
  return '1'.repeat(zeros < 0 ? bytes.length : zeros) + out;
}

/** `version` + payload with its 4-byte double-SHA256 checksum, in base58. */
export function base58Check(version: number, payload: Buffer): string {
  const body = Buffer.concat([Buffer.from([version]), payload]);
  return base58Encode(Buffer.concat([body, sha256(sha256(body)).subarray(0, 4)]));
}

/** A bech32 `bc1q` (witness v0) address of a 20-byte program. */
export function bech32P2wpkh(program: Buffer): string {
  const words: number[] = [0];
  let acc = 0;
  let bits = 0;
  for (const b of program) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  const hrp = [...'bc'].map((c) => c.charCodeAt(0));
  const expanded = [...hrp.map((c) => c >> 5), 0, ...hrp.map((c) => c & 31), ...words, 0, 0, 0, 0, 0, 0];
  const mod = bech32Polymod(expanded) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >> (5 * (5 - i))) & 31);
  return `bc1${[...words, ...checksum].map((w) => BECH32[w]).join('')}`;
}
