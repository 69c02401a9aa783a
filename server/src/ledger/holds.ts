import { and, eq, sql } from 'drizzle-orm';
import type { LedgerKind } from '@contract/domain/ledger-kinds';
import { ledgerAccounts, ledgerHolds } from '../db/schema/index';
import { refOf } from './accounts';
import { money, Money, type MoneyInput } from './money';
import { post } from './post';
import { LedgerError, type AccountRef, type Posted, type Tx } from './types';

interface Described {
  kind?: LedgerKind;
  reason?: string;
  userId?: number | null;
  demo?: boolean;
  meta?: Record<string, unknown>;
  at?: Date;
}

export interface HoldInput extends Described {
  account: AccountRef;
  amount: MoneyInput;
}

export interface Hold {
  holdId: number;
  txId: number;
  accountId: number;
  amount: string;
}

/** Moves `amount` from available to held on one account (refused with `insufficient_balance`). */
export async function hold(tx: Tx, input: HoldInput): Promise<Hold> {
  const amount = money(input.amount);
  if (!amount.isPositive() || amount.isZero()) throw new LedgerError('a hold must be positive');
  const posted = await post(tx, {
    ...input,
    kind: input.kind ?? 'hold',
    entries: [
      { account: input.account, bucket: 'available', amount: amount.neg() },
      { account: input.account, bucket: 'held', amount },
    ],
  });
  const accountId = posted.entries[0]!.accountId;
  const [row] = await tx
    .insert(ledgerHolds)
    .values({
      accountId,
      amount: amount.toFixed(),
      remaining: amount.toFixed(),
      holdTxId: posted.txId,
      createdAt: posted.createdAt,
    })
    .returning({ id: ledgerHolds.id });
  if (!row) throw new LedgerError('hold row not written');
  return { holdId: row.id, txId: posted.txId, accountId, amount: amount.toFixed() };
}

/** Locks an open hold; closing one twice is a bug in the caller (its own state said pending). */
async function openHold(tx: Tx, holdId: number) {
  const [row] = await tx
    .select({ hold: ledgerHolds, account: ledgerAccounts })
    .from(ledgerHolds)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerHolds.accountId))
    .where(eq(ledgerHolds.id, holdId))
    .for('update', { of: ledgerHolds });
  if (!row) throw new LedgerError(`hold ${holdId} does not exist`);
  if (row.hold.status !== 'held') throw new LedgerError(`hold ${holdId} is already ${row.hold.status}`);
  // What is still held: an order's hold shrinks as it fills (`remaining`), a withdrawal's never.
  return { amount: new Money(row.hold.remaining), account: refOf(row.account) };
}

async function close(tx: Tx, holdId: number, status: 'released' | 'posted', posted: Posted): Promise<Posted> {
  await tx
    .update(ledgerHolds)
    .set({ status, remaining: '0', closeTxId: posted.txId, closedAt: posted.createdAt })
    .where(and(eq(ledgerHolds.id, holdId), eq(ledgerHolds.status, sql`'held'`)));
  return posted;
}

/** Returns a hold's funds to available (a rejected withdrawal, a cancelled order). */
export async function releaseHold(tx: Tx, holdId: number, input: Described = {}): Promise<Posted> {
  const { amount, account } = await openHold(tx, holdId);
  const posted = await post(tx, {
    ...input,
    kind: input.kind ?? 'release',
    meta: { holdId, ...input.meta },
    entries: [
      { account, bucket: 'held', amount: amount.neg() },
      { account, bucket: 'available', amount },
    ],
  });
  return close(tx, holdId, 'released', posted);
}

export interface PostHoldInput extends Described {
  /** Where the held funds go; the amounts must add up to the hold (for example payout + fee). */
  to: { account: AccountRef; amount: MoneyInput }[];
}

/** Spends a hold: its funds leave the account for the given accounts (an approved withdrawal). */
export async function postHold(tx: Tx, holdId: number, input: PostHoldInput): Promise<Posted> {
  const { amount, account } = await openHold(tx, holdId);
  const total = input.to.reduce((s, t) => s.plus(money(t.amount)), new Money(0));
  if (!total.eq(amount))
    throw new LedgerError(`hold ${holdId} is ${amount.toFixed()}, postings are ${total.toFixed()}`);
  if (input.to.some((t) => t.account.currencyId !== account.currencyId)) {
    throw new LedgerError('a hold is posted in its own currency');
  }
  const posted = await post(tx, {
    ...input,
    kind: input.kind ?? 'hold_posted',
    userId: input.userId === undefined ? ('userId' in account ? account.userId : null) : input.userId,
    meta: { holdId, ...input.meta },
    entries: [
      { account, bucket: 'held', amount: amount.neg() },
      ...input.to.filter((t) => !money(t.amount).isZero()).map((t) => ({ account: t.account, amount: t.amount })),
    ],
  });
  return close(tx, holdId, 'posted', posted);
}

/**
 * Spends part of an open hold; the rest stays held (`remaining` shrinks), so a later
 * `postHold`/`releaseHold` takes what is left. A futures position pays its overnight fee from its
 * margin this way. The part must be positive and less than what the hold still has.
 */
export async function postHoldPart(tx: Tx, holdId: number, input: PostHoldInput): Promise<Posted> {
  const { amount, account } = await openHold(tx, holdId);
  const total = input.to.reduce((s, t) => s.plus(money(t.amount)), new Money(0));
  if (total.lte(0) || total.gte(amount)) {
    throw new LedgerError(`hold ${holdId} has ${amount.toFixed()}; a part of ${total.toFixed()} cannot be spent`);
  }
  if (input.to.some((t) => t.account.currencyId !== account.currencyId)) {
    throw new LedgerError('a hold is posted in its own currency');
  }
  const posted = await post(tx, {
    ...input,
    kind: input.kind ?? 'hold_posted',
    userId: input.userId === undefined ? ('userId' in account ? account.userId : null) : input.userId,
    meta: { holdId, ...input.meta },
    entries: [
      { account, bucket: 'held', amount: total.neg() },
      ...input.to.filter((t) => !money(t.amount).isZero()).map((t) => ({ account: t.account, amount: t.amount })),
    ],
  });
  await tx
    .update(ledgerHolds)
    .set({ remaining: amount.minus(total).toFixed() })
    .where(and(eq(ledgerHolds.id, holdId), eq(ledgerHolds.status, sql`'held'`)));
  return posted;
}
