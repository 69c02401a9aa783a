/**
 * Inclusion proofs of the Merkle-sum tree (merkle-sum.ts) and their verification. The verifier
 * recomputes the path from the leaf's own fields with its own arithmetic and names every check,
 * so a failed proof says which level, which sum or which range is wrong.
 */
import { HASH_BYTES, SUM_LIMIT, nodeOf, toHex, type HashFn, type MerkleSumTree, type NodeWire } from './merkle-sum';

export const PROOF_FORMAT = 'h5-proof-of-liabilities/1';

export interface LeafWire {
  index: number;
  nonce: string;
  user_hash: string;
  /** Per currency, minor units as decimal digits. */
  balances: string[];
  hash: string;
}

export interface InclusionProof {
  format: typeof PROOF_FORMAT;
  snapshot_id: number;
  taken_at: string;
  scale: number;
  currencies: string[];
  leaf_count: number;
  leaf: LeafWire;
  /** From the leaf's level upwards: the sibling and the parent the two make. */
  path: { sibling: NodeWire; node: NodeWire }[];
  root: NodeWire;
}

export type CheckName =
  'shape' | 'leaf_range' | 'leaf_hash' | 'level_range' | 'level_sums' | 'level_hash' | 'root_hash' | 'root_sums';

export interface Check {
  name: CheckName;
  /** The level of the path (1 is the leaf's parent); absent for checks of the leaf or root. */
  level?: number;
  ok: boolean;
}

export interface Verification {
  ok: boolean;
  checks: Check[];
}

export function proofOf(
  tree: MerkleSumTree,
  index: number,
  meta: { snapshotId: number; takenAt: string; scale: number; currencies: string[] },
): InclusionProof {
  const { leaves } = tree;
  if (!Number.isInteger(index) || index < 0 || index >= leaves.count) throw new RangeError('no such leaf');
  const path: InclusionProof['path'] = [];
  let at = index;
  for (let level = 0; level < tree.levels.length - 1; level++) {
    path.push({ sibling: nodeOf(tree, level, at ^ 1), node: nodeOf(tree, level + 1, at >> 1) });
    at >>= 1;
  }
  return {
    format: PROOF_FORMAT,
    snapshot_id: meta.snapshotId,
    taken_at: meta.takenAt,
    scale: meta.scale,
    currencies: meta.currencies,
    leaf_count: leaves.count,
    leaf: {
      index,
      nonce: toHex(leaves.nonces.subarray(index * HASH_BYTES, (index + 1) * HASH_BYTES)),
      user_hash: toHex(leaves.userHashes.subarray(index * HASH_BYTES, (index + 1) * HASH_BYTES)),
      balances: leaves.balancesOf(index).map(String),
      hash: nodeOf(tree, 0, index).hash,
    },
    path,
    root: nodeOf(tree, tree.levels.length - 1, 0),
  };
}

const HEX = /^[0-9a-f]{64}$/;
const DIGITS = /^(0|[1-9][0-9]{0,19})$/;

export function fromHex(hex: string): Uint8Array {
  if (!HEX.test(hex)) throw new RangeError('not a 32-byte hex hash');
  return Uint8Array.from({ length: HASH_BYTES }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

/** A value of the tree, or null when it is not digits below 2^64. */
function amountOf(text: string): bigint | null {
  if (!DIGITS.test(text)) return null;
  const v = BigInt(text);
  return v < SUM_LIMIT ? v : null;
}

const amountsOf = (texts: readonly string[], count: number) => {
  const out = texts.map(amountOf);
  return out.length === count && out.every((v) => v !== null) ? (out as bigint[]) : null;
};

function u64s(values: readonly bigint[]): Uint8Array {
  const out = new Uint8Array(8 * values.length);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setBigUint64(8 * i, v));
  return out;
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export const leafHash = (hash: HashFn, nonce: Uint8Array, userHash: Uint8Array, balances: readonly bigint[]) =>
  hash(concat(Uint8Array.of(0x00), nonce, userHash, u64s(balances)));

export const nodeHash = (
  hash: HashFn,
  left: Uint8Array,
  right: Uint8Array,
  ls: readonly bigint[],
  rs: readonly bigint[],
) => hash(concat(Uint8Array.of(0x01), left, right, u64s(ls), u64s(rs)));

function shapeOk(proof: InclusionProof): boolean {
  const n = proof.currencies.length;
  const depth = proof.leaf_count > 1 ? Math.ceil(Math.log2(proof.leaf_count)) : 0;
  const nodes = [proof.root, ...proof.path.flatMap((p) => [p.sibling, p.node])];
  return (
    n > 0 &&
    proof.leaf.balances.length === n &&
    Number.isInteger(proof.leaf_count) &&
    proof.leaf.index >= 0 &&
    proof.leaf.index < proof.leaf_count &&
    proof.path.length === depth &&
    nodes.every((x) => HEX.test(x.hash) && x.sums.length === n) &&
    [proof.leaf.nonce, proof.leaf.user_hash, proof.leaf.hash].every((h) => HEX.test(h))
  );
}

const same = (a: readonly bigint[], b: readonly bigint[] | null) => b !== null && a.every((v, i) => v === b[i]);

/**
 * Recomputes the path of `proof` and compares it with `published` (the root the exchange
 * published for the snapshot; the proof's own root when none is given).
 */
export function verifyProof(proof: InclusionProof, hash: HashFn, published: NodeWire = proof.root): Verification {
  if (!shapeOk(proof)) return { ok: false, checks: [{ name: 'shape', ok: false }] };
  const n = proof.currencies.length;
  const checks: Check[] = [{ name: 'shape', ok: true }];
  const balances = amountsOf(proof.leaf.balances, n);
  checks.push({ name: 'leaf_range', ok: balances !== null });
  if (balances === null) return { ok: false, checks };
  let current = leafHash(hash, fromHex(proof.leaf.nonce), fromHex(proof.leaf.user_hash), balances);
  let sums = balances;
  checks.push({ name: 'leaf_hash', ok: toHex(current) === proof.leaf.hash });
  let at = proof.leaf.index;
  for (const [i, step] of proof.path.entries()) {
    const level = i + 1;
    const sibling = amountsOf(step.sibling.sums, n);
    const parent = sibling && sums.map((v, k) => v + (sibling[k] as bigint));
    const inRange = parent !== null && parent.every((v) => v < SUM_LIMIT);
    checks.push({ name: 'level_range', level, ok: inRange });
    if (!inRange || sibling === null) return { ok: false, checks };
    const other = fromHex(step.sibling.hash);
    const left = at % 2 === 0;
    current = left ? nodeHash(hash, current, other, sums, sibling) : nodeHash(hash, other, current, sibling, sums);
    sums = parent;
    checks.push({ name: 'level_sums', level, ok: same(sums, amountsOf(step.node.sums, n)) });
    checks.push({ name: 'level_hash', level, ok: toHex(current) === step.node.hash });
    at >>= 1;
  }
  checks.push({ name: 'root_hash', ok: toHex(current) === published.hash && published.hash === proof.root.hash });
  checks.push({
    name: 'root_sums',
    ok: same(sums, amountsOf(published.sums, n)) && same(sums, amountsOf(proof.root.sums, n)),
  });
  return { ok: checks.every((c) => c.ok), checks };
}
