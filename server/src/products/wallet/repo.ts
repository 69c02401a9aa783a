/** The wallet's queries: ledger entries and own-account moves of one user, paged. */
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { LedgerKind } from '@contract/domain/ledger-kinds';
import { WALLET_TYPE_IDS, type WalletRecord, type WalletType } from '@contract/wallet';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index';
import { toWire } from '../../ledger/index';
import { offsetOf, paged, type PageRequest } from '../../lib/paging';
import { currencyName } from './currencies';

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

interface TransferMeta {
  currency_id: number;
  number: string;
  from_field: WalletType;
  to_field: WalletType;
}

/** Moves between the user's own accounts (`/wallet/change`), newest first. */
export async function transferHistory(db: Db, userId: number, p: PageRequest) {
  const cond = and(eq(ledgerTransactions.userId, userId), eq(ledgerTransactions.kind, 'transfer'));
  const [counted] = await db.select({ n: count() }).from(ledgerTransactions).where(cond);
  const rows = await db
    .select()
    .from(ledgerTransactions)
    .where(cond)
    .orderBy(desc(ledgerTransactions.id))
    .limit(p.limit)
    .offset(offsetOf(p));
  const data = rows.map((t) => {
    const m = t.meta as unknown as TransferMeta;
    return {
      id: t.id,
      currency_id: m.currency_id,
      currency_name: currencyName(m.currency_id),
      number: m.number,
      from_field: m.from_field,
      to_field: m.to_field,
      created_at: t.createdAt.toISOString(),
    };
  });
  return paged(data, Number(counted?.n ?? 0), p);
}
