/** Crypto loans' SQL: terms, loans and their history (loans always scoped to their owner for users). */
import { and, asc, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announce } from '../../db/follow';
import {
  loanEvents,
  loanTerms,
  loans,
  type LoanEventRow,
  type LoanRow,
  type LoanTermsRow,
} from '../../db/schema/index';
import { offsetOf, type PageRequest } from '../../lib/paging';
import type { Tx } from '../../ledger/index';

export type NewLoan = typeof loans.$inferInsert;
export type NewLoanTerms = typeof loanTerms.$inferInsert;
export type NewLoanEvent = typeof loanEvents.$inferInsert;

export async function allTerms(db: Db | Tx, onlyOpen: boolean): Promise<LoanTermsRow[]> {
  return db
    .select()
    .from(loanTerms)
    .where(onlyOpen ? eq(loanTerms.status, 1) : undefined)
    .orderBy(asc(loanTerms.id));
}

export async function termsById(db: Db | Tx, id: number): Promise<LoanTermsRow | undefined> {
  const [row] = await db.select().from(loanTerms).where(eq(loanTerms.id, id)).limit(1);
  return row;
}

/** One coin's terms locked for the console's edit. */
export async function termsForUpdate(tx: Tx, id: number): Promise<LoanTermsRow | undefined> {
  const [row] = await tx.select().from(loanTerms).where(eq(loanTerms.id, id)).for('update');
  return row;
}

export async function updateTerms(tx: Tx, id: number, set: Partial<NewLoanTerms>): Promise<LoanTermsRow> {
  const [row] = await tx.update(loanTerms).set(set).where(eq(loanTerms.id, id)).returning();
  if (!row) throw new Error(`loan terms ${id} not updated`);
  return row;
}

/** Inserts terms for a collateral coin that has none; existing terms are kept as they are. */
export async function insertTermsIfMissing(tx: Tx, values: NewLoanTerms[]): Promise<void> {
  if (values.length === 0) return;
  await tx.insert(loanTerms).values(values).onConflictDoNothing({ target: loanTerms.collateralCurrencyId });
}

/**
 * Every committed change of a loan is announced here (its id), in the transaction of the change,
 * so the watcher of every process indexes its prices as they are now (`LoanWatcher.follow`).
 */
export const LOANS_CHANNEL = 'loans';

export async function insertLoan(tx: Tx, values: NewLoan): Promise<LoanRow> {
  const [row] = await tx.insert(loans).values(values).returning();
  if (!row) throw new Error('loan not written');
  await announce(tx, LOANS_CHANNEL, [row.id]);
  return row;
}

export async function updateLoan(tx: Tx, id: number, set: Partial<NewLoan>): Promise<LoanRow> {
  const [row] = await tx.update(loans).set(set).where(eq(loans.id, id)).returning();
  if (!row) throw new Error(`loan ${id} not updated`);
  await announce(tx, LOANS_CHANNEL, [row.id]);
  return row;
}

/** A user's open loan locked for a change; another user's id answers like a missing one. */
export async function userLoanForUpdate(tx: Tx, userId: number, id: number): Promise<LoanRow | undefined> {
  const [row] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, id), eq(loans.userId, userId)))
    .for('update');
  return row;
}

/** A loan locked for the liquidation watcher, skipped when a user's request holds it (retried later). */
export async function loanForUpdate(tx: Tx, id: number): Promise<LoanRow | undefined> {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
  return row;
}

export async function userLoan(db: Db | Tx, userId: number, id: number): Promise<LoanRow | undefined> {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, id), eq(loans.userId, userId)))
    .limit(1);
  return row;
}

export async function userLoans(
  db: Db,
  userId: number,
  state: 'open' | 'closed',
  p: PageRequest,
): Promise<{ rows: LoanRow[]; total: number }> {
  const where = and(
    eq(loans.userId, userId),
    state === 'open' ? eq(loans.status, 'open') : sql`${loans.status} <> 'open'`,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(loans).where(where).orderBy(desc(loans.id)).limit(p.limit).offset(offsetOf(p)),
    db.select({ n: count() }).from(loans).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function openLoans(db: Db | Tx): Promise<LoanRow[]> {
  return db.select().from(loans).where(eq(loans.status, 'open')).orderBy(asc(loans.id));
}

/**
 * Open loans not charged through `hour`, locked in one statement; a loan a request or the watcher
 * holds is skipped (that holder charges it first: every change catches up the interest).
 */
export async function lockUncharged(tx: Tx, hour: number, afterId: number, limit: number): Promise<LoanRow[]> {
  return tx
    .select()
    .from(loans)
    .where(and(eq(loans.status, 'open'), lt(loans.chargedThroughHour, hour), sql`${loans.id} > ${afterId}`))
    .orderBy(asc(loans.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Open fixed-term loans whose term ended by `at`, locked in one statement, oldest due first; a
 * loan a request or the watcher holds is skipped (the next pass takes it).
 */
export async function lockOverdue(tx: Tx, at: Date, limit: number): Promise<LoanRow[]> {
  return tx
    .select()
    .from(loans)
    .where(and(eq(loans.status, 'open'), lte(loans.dueAt, at)))
    .orderBy(asc(loans.dueAt), asc(loans.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function insertEvent(tx: Tx, values: NewLoanEvent): Promise<void> {
  await tx.insert(loanEvents).values(values);
}

export async function eventsOf(db: Db | Tx, loanId: number): Promise<LoanEventRow[]> {
  return db.select().from(loanEvents).where(eq(loanEvents.loanId, loanId)).orderBy(desc(loanEvents.id));
}

export async function loansByIds(db: Db | Tx, ids: number[]): Promise<LoanRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(loans).where(inArray(loans.id, ids));
}
