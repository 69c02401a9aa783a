/**
 * How users' balances become leaves: each user's balances are split over 1 to `MAX_PIECES` leaves
 * at random amounts, every leaf gets a fresh random nonce, and the leaves are shuffled, so neither a
 * leaf's size nor its place says whose it is or how much that user holds.
 */
import { HASH_BYTES, LeafTable, type HashFn } from './merkle-sum';

export const MAX_PIECES = 3;

/** Cryptographically random bytes (crypto.getRandomValues on every side), pulled in chunks. */
export type RandomBytes = (length: number) => Uint8Array;

export class RandomStream {
  private buffer: Uint8Array = new Uint8Array(0);
  private at = 0;

  constructor(private readonly source: RandomBytes) {}

  bytes(n: number): Uint8Array {
    if (this.at + n > this.buffer.length) {
      this.buffer = this.source(Math.max(n, 65536));
      this.at = 0;
    }
    const out = this.buffer.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  /** An integer in [0, bound), bound below 2^32, without modulo bias. */
  below(bound: number): number {
    const limit = Math.floor(2 ** 32 / bound) * bound;
    for (;;) {
      const b = this.bytes(4);
      const v = ((b[0] ?? 0) * 2 ** 24 + ((b[1] ?? 0) << 16) + ((b[2] ?? 0) << 8) + (b[3] ?? 0)) >>> 0;
      if (v < limit) return v % bound;
    }
  }

  /** An integer in [0, bound]; 128 random bits reduced, so the bias is below 2^-64. */
  upTo(bound: bigint): bigint {
    let v = 0n;
    for (const b of this.bytes(16)) v = (v << 8n) | BigInt(b);
    return v % (bound + 1n);
  }
}

const utf8 = new TextEncoder();

/** The user's id as the tree holds it: a hash, never the id itself. */
export const userHashOf = (hash: HashFn, userId: number) => hash(utf8.encode(`h5-proof/user/${userId}`));

/** Splits `balances` into `pieces` vectors that add up to it, each amount at a random cut. */
export function splitBalances(balances: readonly bigint[], pieces: number, random: RandomStream): bigint[][] {
  const out = Array.from({ length: pieces }, () => Array<bigint>(balances.length).fill(0n));
  balances.forEach((total, c) => {
    const cuts = Array.from({ length: pieces - 1 }, () => random.upTo(total)).sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    let prev = 0n;
    [...cuts, total].forEach((cut, p) => {
      (out[p] as bigint[])[c] = cut - prev;
      prev = cut;
    });
  });
  return out;
}

export interface Holder {
  userId: number;
  /** Per currency, minor units; each in [0, 2^64). */
  balances: bigint[];
}

export interface LaidOut {
  table: LeafTable;
  /** The user of each leaf, by leaf index. */
  owners: Int32Array;
}

/** The leaves of a snapshot: split, nonced and shuffled (Fisher-Yates). */
export function layOut(holders: readonly Holder[], currencies: number, hash: HashFn, source: RandomBytes): LaidOut {
  if (holders.length === 0) throw new RangeError('a snapshot needs at least one holder');
  const random = new RandomStream(source);
  const pieces: { userId: number; balances: bigint[] }[] = [];
  for (const h of holders) {
    for (const b of splitBalances(h.balances, 1 + random.below(MAX_PIECES), random))
      pieces.push({ userId: h.userId, balances: b });
  }
  for (let i = pieces.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [pieces[i], pieces[j]] = [pieces[j] as (typeof pieces)[number], pieces[i] as (typeof pieces)[number]];
  }
  const table = new LeafTable(pieces.length, currencies);
  const owners = new Int32Array(pieces.length);
  const hashes = new Map<number, Uint8Array>();
  pieces.forEach((p, i) => {
    let userHash = hashes.get(p.userId);
    if (!userHash) hashes.set(p.userId, (userHash = userHashOf(hash, p.userId)));
    table.set(i, random.bytes(HASH_BYTES).slice(), userHash, p.balances);
    owners[i] = p.userId;
  });
  return { table, owners };
}
