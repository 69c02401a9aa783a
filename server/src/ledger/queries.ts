import { and, eq, sql } from 'drizzle-orm';
import type { WalletType } from '@contract/wallet';
import type { Db } from '../db/client';
import { ledgerAccounts } from '../db/schema/index';
import { toWire } from './money';
import { walletTypeOf, type SystemAccountName, type Tx } from './types';

export interface BalanceRow {
  currencyId: number;
  type: WalletType;
  available: string;
  held: string;
}

/** A user's balances (accounts that were ever used; the rest are zero). */
export async function balances(db: Db | Tx, userId: number): Promise<BalanceRow[]> {
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.owner, `u:${userId}`))
    .orderBy(ledgerAccounts.type, ledgerAccounts.currencyId);
  return rows.flatMap((r) => {
    const type = walletTypeOf(r.type);
    return type ? [{ currencyId: r.currencyId, type, available: toWire(r.available), held: toWire(r.held) }] : [];
  });
}

/** One balance; zero when the account was never used. */
export async function balanceOf(
  db: Db | Tx,
  userId: number,
  currencyId: number,
  type: WalletType,
): Promise<{ available: string; held: string }> {
  const all = await balances(db, userId);
  const row = all.find((b) => b.currencyId === currencyId && b.type === type);
  return row ? { available: row.available, held: row.held } : { available: '0', held: '0' };
}

/** A system account's balance (the house, fees ...): the sum of its shards. */
export async function systemBalance(db: Db | Tx, name: SystemAccountName, currencyId: number) {
  const [row] = await db
    .select({
      available: sql<string>`coalesce(sum(${ledgerAccounts.available}), 0)`,
      held: sql<string>`coalesce(sum(${ledgerAccounts.held}), 0)`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, `s:${name}`), eq(ledgerAccounts.currencyId, currencyId)));
  return { available: toWire(row?.available ?? '0'), held: toWire(row?.held ?? '0') };
}
