/** The wallet's own-account moves of one user, paged. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { WalletType } from '@contract/wallet';
import type { Db } from '../../db/client';
import { ledgerTransactions } from '../../db/schema/index';
import { offsetOf, paged, type PageRequest } from '../../lib/paging';
import { currencyName } from '../../market/currencies';

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
