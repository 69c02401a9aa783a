import { eq, sql } from 'drizzle-orm';
import { ledgerAccounts, type LedgerAccountRow } from '../db/schema/index';
import {
  keyOf,
  NEGATIVE_ALLOWED,
  ownerOf,
  shardOf,
  typeIdOf,
  walletTypeOf,
  LedgerError,
  type AccountRef,
  type SystemAccountName,
  type Tx,
} from './types';

/**
 * Creates missing accounts and row-locks all of them in one statement whose rows are in the
 * order of their unique key. PostgreSQL takes the locks row by row in that order, and every
 * transaction uses the same order, so two transfers between the same accounts wait for each
 * other instead of deadlocking (PGlite runs one transaction at a time anyway).
 * `ON CONFLICT DO UPDATE` takes the lock `FOR UPDATE` would, and creates a new row in passing.
 */
export async function lockAccounts(tx: Tx, refs: AccountRef[]): Promise<Map<string, LedgerAccountRow>> {
  const unique = new Map(refs.map((r) => [keyOf(r), r]));
  const ordered = [...unique.keys()].sort().map((key) => unique.get(key)!);
  const rows = await tx
    .insert(ledgerAccounts)
    .values(
      ordered.map((ref) => ({
        owner: ownerOf(ref),
        userId: 'system' in ref ? null : ref.userId,
        currencyId: ref.currencyId,
        type: typeIdOf(ref),
        shard: shardOf(ref),
        allowNegative: 'system' in ref && NEGATIVE_ALLOWED.has(ref.system),
      })),
    )
    .onConflictDoUpdate({
      target: [ledgerAccounts.owner, ledgerAccounts.currencyId, ledgerAccounts.type, ledgerAccounts.shard],
      set: { owner: sql`excluded.owner` },
    })
    .returning();
  const locked = new Map(rows.map((row) => [`${row.owner}|${row.currencyId}|${row.type}|${row.shard}`, row]));
  for (const key of unique.keys()) if (!locked.has(key)) throw new LedgerError(`account ${key} could not be locked`);
  return locked;
}

/** The reference of a stored account (for holds, which remember only the account id). */
export function refOf(row: Pick<LedgerAccountRow, 'owner' | 'userId' | 'currencyId' | 'type' | 'shard'>): AccountRef {
  if (row.owner.startsWith('s:')) {
    return { system: row.owner.slice(2) as SystemAccountName, currencyId: row.currencyId, shard: row.shard };
  }
  const type = walletTypeOf(row.type);
  if (row.userId === null || !type) throw new LedgerError(`account ${row.owner} has no user type`);
  return { userId: row.userId, currencyId: row.currencyId, type };
}

export async function accountById(tx: Tx, id: number): Promise<LedgerAccountRow | undefined> {
  const [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id)).limit(1);
  return row;
}
