import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, proofLeaves, proofSnapshots, type ProofSnapshotRow } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';

/** Rows of leaves written per statement: well under PostgreSQL's 65,535 bound parameters. */
const LEAF_CHUNK = 1000;

export interface LiabilityRow {
  userId: number;
  currencyId: number;
  /** A decimal string; a product's figure (an unrealised loss) may be negative. */
  amount: string;
}

/** Every user's ledger balance per currency, available and held, over all their accounts. */
export async function ledgerLiabilities(tx: Tx): Promise<LiabilityRow[]> {
  const rows = await tx
    .select({
      userId: ledgerAccounts.userId,
      currencyId: ledgerAccounts.currencyId,
      amount: sql<string>`sum(${ledgerAccounts.available} + ${ledgerAccounts.held})::text`,
    })
    .from(ledgerAccounts)
    .where(like(ledgerAccounts.owner, 'u:%'))
    .groupBy(ledgerAccounts.userId, ledgerAccounts.currencyId);
  return rows.flatMap((r) =>
    r.userId === null ? [] : [{ userId: r.userId, currencyId: r.currencyId, amount: r.amount }],
  );
}

/** The house's holdings per currency (its shards summed), the reserves of demo mode. */
export async function houseHoldings(tx: Tx): Promise<Map<number, string>> {
  const rows = await tx
    .select({
      currencyId: ledgerAccounts.currencyId,
      amount: sql<string>`sum(${ledgerAccounts.available} + ${ledgerAccounts.held})::text`,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.owner, 's:house'))
    .groupBy(ledgerAccounts.currencyId);
  return new Map(rows.map((r) => [r.currencyId, r.amount]));
}

export type NewSnapshot = Omit<typeof proofSnapshots.$inferInsert, 'id'>;
export interface NewLeaf {
  idx: number;
  userId: number;
  nonce: string;
  userHash: string;
  balances: string[];
}

/** Writes a snapshot and its leaves; null when the day already has its daily snapshot. */
export async function insertSnapshot(
  tx: Tx,
  row: NewSnapshot,
  leaves: readonly NewLeaf[],
): Promise<ProofSnapshotRow | null> {
  const [saved] = await tx.insert(proofSnapshots).values(row).onConflictDoNothing().returning();
  if (!saved) return null;
  for (let i = 0; i < leaves.length; i += LEAF_CHUNK) {
    await tx.insert(proofLeaves).values(leaves.slice(i, i + LEAF_CHUNK).map((l) => ({ ...l, snapshotId: saved.id })));
  }
  return saved;
}

export async function snapshotPage(db: Db, p: { page: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(proofSnapshots)
      .orderBy(desc(proofSnapshots.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db.select({ n: count() }).from(proofSnapshots),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function snapshotById(db: Db | Tx, id: number): Promise<ProofSnapshotRow | undefined> {
  const [row] = await db.select().from(proofSnapshots).where(eq(proofSnapshots.id, id));
  return row;
}

export async function dailyOf(db: Db, day: number): Promise<ProofSnapshotRow | undefined> {
  const [row] = await db.select().from(proofSnapshots).where(eq(proofSnapshots.day, day));
  return row;
}

/** Every leaf of a snapshot in tree order (to rebuild the tree). */
export async function leavesOf(db: Db, snapshotId: number) {
  return db
    .select({
      idx: proofLeaves.idx,
      nonce: proofLeaves.nonce,
      userHash: proofLeaves.userHash,
      balances: proofLeaves.balances,
    })
    .from(proofLeaves)
    .where(eq(proofLeaves.snapshotId, snapshotId))
    .orderBy(asc(proofLeaves.idx));
}

/** The indexes of one user's leaves in a snapshot. */
export async function userLeafIndexes(db: Db, snapshotId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ idx: proofLeaves.idx })
    .from(proofLeaves)
    .where(and(eq(proofLeaves.snapshotId, snapshotId), eq(proofLeaves.userId, userId)))
    .orderBy(asc(proofLeaves.idx));
  return rows.map((r) => r.idx);
}
