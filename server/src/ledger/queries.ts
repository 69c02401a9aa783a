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

const balancesQuery = (db: Db | Tx) =>
  db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.owner, sql.placeholder('owner')))
    .orderBy(ledgerAccounts.type, ledgerAccounts.currencyId)
    .prepare('ledger_user_balances');

/** Built once per connection handle: building the query cost more than running it (bench:api). */
const preparedBalances = new WeakMap<Db | Tx, ReturnType<typeof balancesQuery>>();

/** A user's balances (accounts that were ever used; the rest are zero). */
export async function balances(db: Db | Tx, userId: number): Promise<BalanceRow[]> {
  let query = preparedBalances.get(db);
  if (!query) {
    query = balancesQuery(db);
    preparedBalances.set(db, query);
  }
  const rows = await query.execute({ owner: `u:${userId}` });
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
