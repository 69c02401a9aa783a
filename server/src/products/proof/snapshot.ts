import { buildTree, PROOF_SCALE, rootOf, toHex } from '@contract/domain/merkle-sum';
import { layOut, type Holder } from '@contract/domain/merkle-sum-leaves';
import { CURRENCY_IDS } from '@contract/domain/instruments';
import type { Reserves } from '@contract/proof';
import type { Db } from '../../db/client';
import type { ProofSnapshotRow } from '../../db/schema/index';
import { Money, type Tx } from '../../ledger/index';
import { CATALOG } from '../../market/catalog';
import { audit } from '../../audit/index';
import { inTransaction } from '../../ledger/index';
import { toMinorUnits, totalsByUser } from './amounts';
import { sha256, secureRandom } from './hash';
import { readHead } from '../../settlement-record/index';
import { houseHoldings, insertSnapshot, ledgerLiabilities, type LiabilityRow, type NewLeaf } from './repo';
import { attestedReserves, demoReserves, type ReserveAttestation } from './reserves';

/** What a product owes users outside their ledger accounts, read inside the snapshot's transaction. */
export interface LiabilitySource {
  name: string;
  read(tx: Tx): Promise<LiabilityRow[]>;
}

export interface SnapshotDeps {
  db: Db;
  now: () => Date;
  mode: 'demo' | 'production';
  sources: readonly LiabilitySource[];
  attestation?: ReserveAttestation | undefined;
}

export interface SnapshotRequest {
  trigger: 'daily' | 'staff';
  day?: number;
  staffId?: number;
}

const nameOf = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));

/** One consistent read of every liability (and the house's holdings) at one instant. */
async function readAll(deps: SnapshotDeps) {
  return deps.db.transaction(
    async (tx) => {
      const rows = await ledgerLiabilities(tx);
      for (const source of deps.sources) rows.push(...(await source.read(tx)));
      // The settlement record's head in the same view: the balances read are those after it.
      return { rows, house: await houseHoldings(tx), head: await readHead(tx), at: deps.now() };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The holders and the tree's currencies (USDT always, then every currency anyone is owed). */
function holdersOf(rows: readonly LiabilityRow[]) {
  const byUser = totalsByUser(rows);
  const ids = new Set<number>([CURRENCY_IDS.USDT]);
  for (const user of byUser.values()) for (const [id, v] of user) if (v.isPositive() && !v.isZero()) ids.add(id);
  const currencyIds = [...ids].sort((a, b) => a - b);
  const holders: Holder[] = [];
  for (const [userId, user] of byUser) {
    const balances = currencyIds.map((id) => toMinorUnits(user.get(id) ?? new Money(0)));
    if (balances.some((b) => b > 0n)) holders.push({ userId, balances });
  }
  holders.sort((a, b) => a.userId - b.userId);
  return { currencyIds, holders };
}

/** Reads, builds the tree and writes the snapshot with its leaves; audited when staff asked. */
export async function takeSnapshot(deps: SnapshotDeps, request: SnapshotRequest): Promise<ProofSnapshotRow | null> {
  const read = await readAll(deps);
  const { currencyIds, holders } = holdersOf(read.rows);
  const names = currencyIds.map((id) => nameOf.get(id) ?? String(id));
  // With nobody owed anything the tree is one empty leaf owned by no user (id 0 is never a user's).
  const laid = layOut(
    holders.length ? holders : [{ userId: 0, balances: currencyIds.map(() => 0n) }],
    currencyIds.length,
    sha256,
    secureRandom,
  );
  const tree = buildTree(laid.table, sha256);
  const root = rootOf(tree);
  const reserves: Reserves =
    deps.mode === 'demo'
      ? demoReserves(
          names,
          currencyIds.map((id) => new Money(read.house.get(id) ?? '0')),
        )
      : await attestedReserves(deps.attestation, names, read.at);
  const leaves: NewLeaf[] = Array.from({ length: laid.table.count }, (_, idx) => ({
    idx,
    userId: laid.owners[idx] ?? 0,
    nonce: toHex(laid.table.nonces.subarray(idx * 32, idx * 32 + 32)),
    userHash: toHex(laid.table.userHashes.subarray(idx * 32, idx * 32 + 32)),
    balances: laid.table.balancesOf(idx).map(String),
  }));
  return inTransaction(deps.db, async (tx) => {
    const saved = await insertSnapshot(
      tx,
      {
        takenAt: read.at,
        trigger: request.trigger,
        day: request.day ?? null,
        staffId: request.staffId ?? null,
        rootHash: root.hash,
        scale: PROOF_SCALE,
        currencyIds,
        currencies: names,
        totals: root.sums,
        leafCount: laid.table.count,
        userCount: holders.length,
        reserves,
        recordSeq: read.head.seq === 0 ? null : read.head.seq,
        recordHash: read.head.seq === 0 ? null : read.head.hash,
      },
      leaves,
    );
    if (saved && request.staffId !== undefined) {
      const after = { id: saved.id, root_hash: saved.rootHash, totals: saved.totals, leaf_count: saved.leafCount };
      await audit(tx, {
        adminId: request.staffId,
        action: 'proof.snapshot',
        entity: 'proof_snapshot',
        entityId: saved.id,
        before: null,
        after,
        at: read.at,
      });
    }
    return saved;
  });
}
