import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LeafTable, SUM_LIMIT, buildTree, rootOf } from './merkle-sum';
import { layOut, splitBalances, RandomStream, userHashOf } from './merkle-sum-leaves';
import { proofOf, verifyProof, type InclusionProof } from './merkle-sum-proof';

const random = (n: number) => new Uint8Array(randomBytes(n));
const meta = { snapshotId: 7, takenAt: '2026-11-28T00:00:00.000Z', scale: 8, currencies: ['BTC', 'ETH', 'USDT'] };

const holdersArb = fc.array(
  fc.record({
    userId: fc.integer({ min: 1, max: 1_000_000 }),
    balances: fc.array(fc.bigInt({ min: 0n, max: 2n ** 50n }), { minLength: 3, maxLength: 3 }),
  }),
  { minLength: 1, maxLength: 24 },
);

function treeOf(holders: { userId: number; balances: bigint[] }[]) {
  const { table, owners } = layOut(holders, 3, sha256, random);
  return { tree: buildTree(table, sha256), owners };
}

/** Every field of a proof a tamperer could change, as a mutation of a copy. */
type Tamper = (p: InclusionProof) => void;
const flipHex = (h: string) => (h[0] === '0' ? '1' : '0') + h.slice(1);
const bump = (s: string) => (BigInt(s) + 1n).toString();

function tampers(p: InclusionProof): Tamper[] {
  const out: Tamper[] = [
    (q) => (q.leaf.nonce = flipHex(q.leaf.nonce)),
    (q) => (q.leaf.user_hash = flipHex(q.leaf.user_hash)),
    (q) => (q.leaf.hash = flipHex(q.leaf.hash)),
    (q) => (q.leaf.index = q.leaf.index ^ 1),
    (q) => (q.root.hash = flipHex(q.root.hash)),
    (q) => (q.root.sums[2] = bump(q.root.sums[2] as string)),
  ];
  p.leaf.balances.forEach((_, c) => out.push((q) => (q.leaf.balances[c] = bump(q.leaf.balances[c] as string))));
  p.path.forEach((_, i) => {
    const at = (q: InclusionProof) => q.path[i] as InclusionProof['path'][number];
    out.push((q) => (at(q).sibling.hash = flipHex(at(q).sibling.hash)));
    out.push((q) => (at(q).node.hash = flipHex(at(q).node.hash)));
    for (let c = 0; c < 3; c++) {
      out.push((q) => (at(q).sibling.sums[c] = bump(at(q).sibling.sums[c] as string)));
      out.push((q) => (at(q).node.sums[c] = bump(at(q).node.sums[c] as string)));
    }
    out.push((q) => q.path.splice(i, 1));
  });
  return out;
}

describe('Merkle-sum tree', () => {
  it('proves every leaf, and its root sums are the holders’ totals', () => {
    fc.assert(
      fc.property(holdersArb, (holders) => {
        const { tree } = treeOf(holders);
        const root = rootOf(tree);
        for (let c = 0; c < 3; c++)
          expect(root.sums[c]).toBe(holders.reduce((s, h) => s + (h.balances[c] as bigint), 0n).toString());
        for (let i = 0; i < tree.leaves.count; i++) {
          const result = verifyProof(proofOf(tree, i, meta), sha256, root);
          expect(result.ok).toBe(true);
          expect(result.checks.map((c) => c.name)).toContain('root_hash');
        }
      }),
      { numRuns: 40 },
    );
  });

  it('fails when any leaf field, sum, hash or path step is changed', () => {
    fc.assert(
      fc.property(holdersArb, fc.nat(), fc.nat(), (holders, leafPick, tamperPick) => {
        const { tree } = treeOf(holders);
        const proof = proofOf(tree, leafPick % tree.leaves.count, meta);
        const options = tampers(proof);
        const copy = structuredClone(proof);
        (options[tamperPick % options.length] as Tamper)(copy);
        const result = verifyProof(copy, sha256, rootOf(tree));
        expect(result.ok).toBe(false);
        expect(result.checks.some((c) => !c.ok)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('names the level whose sums or hash were changed', () => {
    const { tree } = treeOf([1, 2, 3, 4, 5].map((userId) => ({ userId, balances: [1n, 2n, 3n] })));
    const proof = proofOf(tree, 0, meta);
    (proof.path[1] as InclusionProof['path'][number]).node.sums[0] = '999';
    const failed = verifyProof(proof, sha256, rootOf(tree)).checks.filter((c) => !c.ok);
    expect(failed).toEqual([{ name: 'level_sums', level: 2, ok: false }]);
  });

  it('cannot represent a negative balance or a sum of 2^64 minor units', () => {
    const table = new LeafTable(2, 1);
    const user = userHashOf(sha256, 1);
    expect(() => table.set(0, random(32), user, [-1n])).toThrow(RangeError);
    expect(() => table.set(0, random(32), user, [SUM_LIMIT])).toThrow(RangeError);
    table.set(0, random(32), user, [SUM_LIMIT - 1n]);
    table.set(1, random(32), user, [1n]);
    expect(() => buildTree(table, sha256)).toThrow(/2\^64/);
  });

  it('refuses a proof whose amounts are negative or overflow, naming the range check', () => {
    const table = new LeafTable(2, 1);
    table.set(0, random(32), userHashOf(sha256, 1), [5n]);
    table.set(1, random(32), userHashOf(sha256, 2), [SUM_LIMIT - 10n]);
    const tree = buildTree(table, sha256);
    const negative = proofOf(tree, 0, { ...meta, currencies: ['USDT'] });
    negative.leaf.balances[0] = '-5';
    expect(verifyProof(negative, sha256).checks).toContainEqual({ name: 'leaf_range', ok: false });
    const overflow = proofOf(tree, 0, { ...meta, currencies: ['USDT'] });
    (overflow.path[0] as InclusionProof['path'][number]).sibling.sums[0] = (SUM_LIMIT - 1n).toString();
    expect(verifyProof(overflow, sha256).checks).toContainEqual({ name: 'level_range', level: 1, ok: false });
  });

  it('splits a balance into pieces that add up to it, none negative', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: SUM_LIMIT - 1n }), fc.integer({ min: 1, max: 3 }), (total, pieces) => {
        const parts = splitBalances([total], pieces, new RandomStream(random));
        expect(parts).toHaveLength(pieces);
        expect(parts.every((p) => (p[0] as bigint) >= 0n)).toBe(true);
        expect(parts.reduce((s, p) => s + (p[0] as bigint), 0n)).toBe(total);
      }),
    );
  });

  it('gives a user several leaves at random places, all under the same user hash', () => {
    const holders = Array.from({ length: 50 }, (_, i) => ({ userId: i + 1, balances: [10n, 20n, 30n] }));
    const { tree, owners } = treeOf(holders);
    expect(tree.leaves.count).toBeGreaterThan(50);
    const mine = [...owners.keys()].filter((i) => owners[i] === 1);
    const hash = Buffer.from(userHashOf(sha256, 1)).toString('hex');
    for (const i of mine) expect(proofOf(tree, i, meta).leaf.user_hash).toBe(hash);
    const total = mine.reduce((s, i) => s + (tree.leaves.balancesOf(i)[2] as bigint), 0n);
    expect(total).toBe(30n);
  });
});
