import { buildTree, LeafTable, rootOf, type MerkleSumTree } from '@contract/domain/merkle-sum';
import { fromHex, proofOf, type InclusionProof } from '@contract/domain/merkle-sum-proof';
import type { Snapshot } from '@contract/proof';
import type { ProofSnapshotRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { inTransaction } from '../../ledger/index';
import { audit } from '../../audit/index';
import { sha256 } from './hash';
import { dailyOf, leavesOf, snapshotById, userLeafIndexes } from './repo';
import { takeSnapshot, type SnapshotDeps, type SnapshotRequest } from './snapshot';

/** Rebuilt trees kept in memory: the newest snapshots are the ones users ask about. */
const TREES_KEPT = 2;

export function snapshotView(row: ProofSnapshotRow): Snapshot {
  return {
    id: row.id,
    taken_at: row.takenAt.getTime(),
    trigger: row.trigger,
    root_hash: row.rootHash,
    scale: row.scale,
    currencies: row.currencies,
    totals: row.totals,
    leaf_count: row.leafCount,
    user_count: row.userCount,
    reserves: row.reserves,
    record_head:
      row.recordSeq === null || row.recordHash === null ? null : { seq: row.recordSeq, hash: row.recordHash },
  };
}

export type ProofService = ReturnType<typeof createProofService>;

/**
 * Snapshots one at a time in this process: a request while one is being taken waits for it and
 * gets it, so a burst of requests makes one snapshot. Across processes the day's snapshot is
 * written once by its unique day (a second process taking it at the same moment writes nothing);
 * staff requests to two processes make two snapshots, each audited.
 */
export function createProofService(deps: SnapshotDeps) {
  let running: Promise<ProofSnapshotRow | null> | null = null;
  const trees = new Map<number, Promise<MerkleSumTree>>();

  const once = (request: SnapshotRequest) => {
    if (running) return { joined: true, result: running };
    running = takeSnapshot(deps, request).finally(() => (running = null));
    return { joined: false, result: running };
  };

  async function rebuild(row: ProofSnapshotRow): Promise<MerkleSumTree> {
    const leaves = await leavesOf(deps.db, row.id);
    const table = new LeafTable(leaves.length, row.currencies.length);
    for (const l of leaves) table.set(l.idx, fromHex(l.nonce), fromHex(l.userHash), l.balances.map(BigInt));
    const tree = buildTree(table, sha256);
    // The stored leaves must give the published root; anything else is refused, never served.
    if (rootOf(tree).hash !== row.rootHash) throw new Error(`snapshot ${row.id}: stored leaves do not give its root`);
    return tree;
  }

  function treeOf(row: ProofSnapshotRow): Promise<MerkleSumTree> {
    let tree = trees.get(row.id);
    if (!tree) {
      tree = rebuild(row);
      // The caller awaiting `tree` gets the error; this only keeps a failed build out of the cache.
      tree.catch(() => trees.delete(row.id));
      trees.set(row.id, tree);
      while (trees.size > TREES_KEPT) trees.delete(trees.keys().next().value as number);
    }
    return tree;
  }

  return {
    /** A staff member's request: audited, also when it joined a snapshot already running. */
    async byStaff(staffId: number): Promise<ProofSnapshotRow> {
      const { joined, result } = once({ trigger: 'staff', staffId });
      const row = await result;
      if (!row) throw new Error('a staff snapshot was not written');
      if (joined) {
        await inTransaction(deps.db, (tx) =>
          audit(tx, {
            adminId: staffId,
            action: 'proof.snapshot_joined',
            entity: 'proof_snapshot',
            entityId: row.id,
            before: null,
            after: null,
            at: deps.now(),
          }),
        );
      }
      return row;
    },

    /** The day's snapshot, unless the day has one (the unique day makes a race write it once). */
    async daily(day: number): Promise<void> {
      if (await dailyOf(deps.db, day)) return;
      const { joined, result } = once({ trigger: 'daily', day });
      await result;
      if (joined && !(await dailyOf(deps.db, day))) await once({ trigger: 'daily', day }).result;
    },

    /** The caller's own proofs; a snapshot without a leaf of theirs answers as a missing one. */
    async proofsOf(snapshotId: number, userId: number): Promise<{ snapshot: Snapshot; proofs: InclusionProof[] }> {
      const row = await snapshotById(deps.db, snapshotId);
      const indexes = row ? await userLeafIndexes(deps.db, row.id, userId) : [];
      if (!row || indexes.length === 0) throw new AppError('record_not_found', { field: 'id' });
      const tree = await treeOf(row);
      const meta = {
        snapshotId: row.id,
        takenAt: row.takenAt.toISOString(),
        scale: row.scale,
        currencies: row.currencies,
      };
      return { snapshot: snapshotView(row), proofs: indexes.map((i) => proofOf(tree, i, meta)) };
    },
  };
}
