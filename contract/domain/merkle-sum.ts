/**
 * The Merkle-sum tree of the proof of liabilities: built by the server, checked by the browser and
 * by `npm run verify:proof`. The hash function is handed in (SHA-256 from @noble/hashes on every
 * side) because contract/ imports no package but zod; everything else here is the tree itself.
 *
 * A leaf commits to a random nonce, the user's hashed id and one balance per currency, integers in
 * minor units (`PROOF_SCALE` decimals). A node commits to both children's hashes and both children's
 * sums, so a sibling's sums cannot be understated without changing the root. Every value is below
 * `SUM_LIMIT` (2^64 minor units): encoded as 8 unsigned bytes, a negative or overflowing value has
 * no representation, and both the builder and the verifier refuse one.
 */

export type HashFn = (data: Uint8Array) => Uint8Array;

/** Decimals of a balance in the tree (liabilities are rounded up to it, never down). */
export const PROOF_SCALE = 8;
export const SUM_LIMIT = 2n ** 64n;
export const HASH_BYTES = 32;
const LEAF_TAG = 0x00;
const NODE_TAG = 0x01;
const TWO32 = 2 ** 32;

/** Leaves in flat arrays: a million objects would cost more memory than the tree. */
export class LeafTable {
  readonly nonces: Uint8Array;
  readonly userHashes: Uint8Array;
  /** Per leaf and currency: high and low 32 bits of the balance. */
  readonly balances: Uint32Array;

  constructor(
    readonly count: number,
    readonly currencies: number,
  ) {
    if (!Number.isInteger(count) || count < 1) throw new RangeError('a tree needs at least one leaf');
    if (!Number.isInteger(currencies) || currencies < 1) throw new RangeError('a tree needs a currency');
    this.nonces = new Uint8Array(count * HASH_BYTES);
    this.userHashes = new Uint8Array(count * HASH_BYTES);
    this.balances = new Uint32Array(count * currencies * 2);
  }

  set(index: number, nonce: Uint8Array, userHash: Uint8Array, balances: readonly bigint[]): void {
    if (nonce.length !== HASH_BYTES || userHash.length !== HASH_BYTES)
      throw new RangeError('nonce and user hash are 32 bytes');
    if (balances.length !== this.currencies) throw new RangeError('one balance per currency');
    this.nonces.set(nonce, index * HASH_BYTES);
    this.userHashes.set(userHash, index * HASH_BYTES);
    balances.forEach((b, c) => {
      if (b < 0n || b >= SUM_LIMIT) throw new RangeError(`balance out of range: ${b}`);
      const at = (index * this.currencies + c) * 2;
      this.balances[at] = Number(b >> 32n);
      this.balances[at + 1] = Number(b & 0xffffffffn);
    });
  }

  balancesOf(index: number): bigint[] {
    return Array.from({ length: this.currencies }, (_, c) => pairAt(this.balances, index * this.currencies + c));
  }
}

export interface Level {
  count: number;
  hashes: Uint8Array;
  sums: Uint32Array;
}

export interface MerkleSumTree {
  leaves: LeafTable;
  /** levels[0] are the leaves, the last level is the root. */
  levels: Level[];
}

const pairAt = (sums: Uint32Array, slot: number) =>
  (BigInt(sums[slot * 2] ?? 0) << 32n) | BigInt(sums[slot * 2 + 1] ?? 0);

function writeSums(view: DataView, offset: number, sums: Uint32Array, first: number, currencies: number) {
  for (let i = 0; i < currencies * 2; i++) view.setUint32(offset + i * 4, sums[first * 2 + i] ?? 0);
}

/** The leaf level alone: what `bench:proof` compares building the whole tree with. */
export function hashLeaves(leaves: LeafTable, hash: HashFn): Level {
  const c = leaves.currencies;
  const buf = new Uint8Array(1 + 2 * HASH_BYTES + 8 * c);
  const view = new DataView(buf.buffer);
  const hashes = new Uint8Array(leaves.count * HASH_BYTES);
  buf[0] = LEAF_TAG;
  for (let i = 0; i < leaves.count; i++) {
    buf.set(leaves.nonces.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES), 1);
    buf.set(leaves.userHashes.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES), 1 + HASH_BYTES);
    writeSums(view, 1 + 2 * HASH_BYTES, leaves.balances, i * c, c);
    hashes.set(hash(buf), i * HASH_BYTES);
  }
  return { count: leaves.count, hashes, sums: leaves.balances };
}

/** Adds two (high, low) pairs into `out`; throws when the sum reaches 2^64. */
function addInto(out: Uint32Array, o: number, sums: Uint32Array, a: number, b: number | null) {
  const lo = (sums[a + 1] ?? 0) + (b === null ? 0 : (sums[b + 1] ?? 0));
  const carry = lo >= TWO32 ? 1 : 0;
  const hi = (sums[a] ?? 0) + (b === null ? 0 : (sums[b] ?? 0)) + carry;
  if (hi >= TWO32) throw new RangeError('a sum reaches 2^64 minor units');
  out[o] = hi;
  out[o + 1] = lo - carry * TWO32;
}

function parentLevel(level: Level, currencies: number, hash: HashFn): Level {
  const count = Math.ceil(level.count / 2);
  const hashes = new Uint8Array(count * HASH_BYTES);
  const sums = new Uint32Array(count * currencies * 2);
  const buf = new Uint8Array(1 + 2 * HASH_BYTES + 16 * currencies);
  const view = new DataView(buf.buffer);
  const sumsAt = 1 + 2 * HASH_BYTES;
  buf[0] = NODE_TAG;
  for (let p = 0; p < count; p++) {
    const l = 2 * p;
    const paired = l + 1 < level.count;
    // Siblings sit side by side in a level, hashes and sums alike: one copy each, already in the
    // order the node commits to (left hash, right hash, left sums, right sums).
    buf.set(level.hashes.subarray(l * HASH_BYTES, (l + (paired ? 2 : 1)) * HASH_BYTES), 1);
    writeSums(view, sumsAt, level.sums, l * currencies, currencies * (paired ? 2 : 1));
    // A missing right child is the empty node: a zero hash with zero sums.
    if (!paired) {
      buf.fill(0, 1 + HASH_BYTES, sumsAt);
      buf.fill(0, sumsAt + 8 * currencies);
    }
    for (let c = 0; c < currencies; c++) {
      const a = (l * currencies + c) * 2;
      addInto(sums, (p * currencies + c) * 2, level.sums, a, paired ? a + currencies * 2 : null);
    }
    hashes.set(hash(buf), p * HASH_BYTES);
  }
  return { count, hashes, sums };
}

export function buildTree(leaves: LeafTable, hash: HashFn): MerkleSumTree {
  const levels = [hashLeaves(leaves, hash)];
  let top = levels[0] as Level;
  while (top.count > 1) {
    top = parentLevel(top, leaves.currencies, hash);
    levels.push(top);
  }
  return { leaves, levels };
}

export interface NodeWire {
  hash: string;
  /** Per currency, minor units as decimal digits. */
  sums: string[];
}

export const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export function nodeOf(tree: MerkleSumTree, level: number, index: number): NodeWire {
  const l = tree.levels[level];
  const c = tree.leaves.currencies;
  if (!l || index >= l.count) return { hash: '0'.repeat(2 * HASH_BYTES), sums: Array<string>(c).fill('0') };
  return {
    hash: toHex(l.hashes.subarray(index * HASH_BYTES, (index + 1) * HASH_BYTES)),
    sums: Array.from({ length: c }, (_, k) => pairAt(l.sums, index * c + k).toString()),
  };
}

export const rootOf = (tree: MerkleSumTree): NodeWire => nodeOf(tree, tree.levels.length - 1, 0);

/** Minor units (decimal digits) as a decimal amount with `scale` decimals, trailing zeros dropped. */
export function unitsToDecimal(units: string, scale: number): string {
  const digits = units.replace(/^0+(?=\d)/, '').padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
