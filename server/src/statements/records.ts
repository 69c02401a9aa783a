/** One user's ledger entries as the wallet's records and the bills show them, paged. */
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { LedgerKind } from '@contract/domain/ledger-kinds';
import { WALLET_TYPE_IDS, type WalletRecord, type WalletType } from '@contract/wallet';
import type { Db } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema/index';
import { offsetOf, paged, type PageRequest } from '../lib/paging';
import { toWire } from '../ledger/money';
import { currencyName } from '../market/currencies';

/**
 * The user's ledger entries, newest first; only accounts owned by the user are ever joined. Bills
 * (`/bill/list`, `/bill/export`) narrow them by kinds and a time range (`from` inclusive, `to`
 * exclusive, epoch ms).
 */
export async function records(
  db: Db,
  userId: number,
  filter: {
    currency?: number | undefined;
    type?: WalletType | undefined;
    kinds?: LedgerKind[] | undefined;
    from?: number | undefined;
    to?: number | undefined;
  } & PageRequest,
) {
  const where: SQL[] = [eq(ledgerAccounts.owner, `u:${userId}`)];
  if (filter.currency !== undefined) where.push(eq(ledgerAccounts.currencyId, filter.currency));
  if (filter.type !== undefined) where.push(eq(ledgerAccounts.type, WALLET_TYPE_IDS[filter.type]));
  if (filter.kinds !== undefined) where.push(inArray(ledgerTransactions.kind, filter.kinds));
  if (filter.from !== undefined) where.push(gte(ledgerTransactions.createdAt, new Date(filter.from)));
  if (filter.to !== undefined) where.push(lt(ledgerTransactions.createdAt, new Date(filter.to)));
  const cond = and(...where);
  const [counted] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txId))
    .where(cond);
  const rows = await db
    .select({ e: ledgerEntries, a: ledgerAccounts, t: ledgerTransactions })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txId))
    .where(cond)
    .orderBy(desc(ledgerEntries.id))
    .limit(filter.limit)
    .offset(offsetOf(filter));
  const data: WalletRecord[] = rows.map(({ e, a, t }) => ({
    id: e.id,
    currency: a.currencyId,
    currency_name: currencyName(a.currencyId),
    type: (['legal', 'change', 'lever', 'micro'] as const)[a.type - 1] ?? 'legal',
    bucket: e.bucket,
    amount: toWire(e.amount),
    balance_after: toWire(e.balanceAfter),
    kind: t.kind,
    reason: t.reason,
    demo: t.demo,
    created_at: t.createdAt.toISOString(),
  }));
  return paged(data, Number(counted?.n ?? 0), filter);
}
