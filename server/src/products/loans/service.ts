import type { Loan, LoanEvent, LoanQuote, LoanTerms } from '@contract/loans';
import { AppError } from '../../errors';
import { CATALOG } from '../../market/catalog';
import type { LoanEventRow, LoanRow, LoanTermsRow } from '../../db/schema/index';
import {
  balanceOf,
  hold,
  money,
  Money,
  post,
  postHold,
  releaseHold,
  systemAccount,
  toWire,
  userAccount,
  type Tx,
} from '../../ledger/index';
import { notify } from '../../push/notify';
import {
  collateralFor,
  debtOf,
  dueAt,
  hourlyInterest,
  hourOf,
  interestFor,
  liquidationSplit,
  ltvOf,
  priceAtLtv,
  reachesLtv,
  splitRepayment,
} from './math';
import * as repo from './repo';

/** Crypto loans' rules, without SQL: quotes, borrowing, hourly interest, repayment, collateral, liquidation. */

/** The feed trade a liquidation or margin call acted on: what the loan records. */
export interface Tick {
  price: string;
  ts: number;
  source: string;
}

const currencyName = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));
const nameOf = (id: number) => currencyName.get(id) ?? String(id);
const ms = (d: Date | null) => (d ? d.getTime() : null);
/** Loans the hourly job charges per statement set. */
const CHUNK = 500;

export function termsView(t: LoanTermsRow, price: string | null): LoanTerms {
  return {
    id: t.id,
    collateral_currency_id: t.collateralCurrencyId,
    collateral_name: nameOf(t.collateralCurrencyId),
    loan_currency_name: nameOf(t.loanCurrencyId),
    initial_ltv: toWire(t.initialLtv),
    margin_call_ltv: toWire(t.marginCallLtv),
    liquidation_ltv: toWire(t.liquidationLtv),
    hourly_rate: toWire(t.hourlyRate),
    daily_rate: toWire(new Money(t.hourlyRate).times(24)),
    min_amount: toWire(t.minAmount),
    max_amount: toWire(t.maxAmount),
    terms: t.terms,
    price,
  };
}

/** Whether `amount` is inside the terms' limits, or the error that says why not. */
function limitError(t: LoanTermsRow, amount: string): AppError | null {
  if (money(amount).lt(t.minAmount)) {
    return new AppError('amount_below_minimum', {
      field: 'amount',
      values: { minimum: `${toWire(t.minAmount)} ${nameOf(t.loanCurrencyId)}` },
    });
  }
  if (money(amount).gt(t.maxAmount)) {
    return new AppError('loan_above_maximum', {
      field: 'amount',
      values: { maximum: toWire(t.maxAmount), currency: nameOf(t.loanCurrencyId) },
    });
  }
  return null;
}

/** The figures of a loan of `amount` against `collateral` (default: the least the initial LTV allows). */
export function quote(t: LoanTermsRow, amount: string, collateral: string | undefined, price: string): LoanQuote {
  const least = collateralFor(amount, price, t.initialLtv);
  const c = collateral ?? least.toFixed();
  const ltv = ltvOf(amount, c, price);
  const hourly = hourlyInterest(amount, t.hourlyRate);
  return {
    terms_id: t.id,
    amount: toWire(amount),
    collateral: toWire(c),
    received: toWire(amount),
    hourly_interest: toWire(hourly),
    daily_interest: toWire(hourly.times(24)),
    price: toWire(price),
    ltv: toWire(ltv),
    min_collateral: toWire(least),
    margin_call_price: toWire(priceAtLtv(amount, c, t.marginCallLtv)),
    liquidation_price: toWire(priceAtLtv(amount, c, t.liquidationLtv)),
    allowed: t.status === 1 && limitError(t, amount) === null && ltv.lte(t.initialLtv),
  };
}

export const debtOfLoan = (row: LoanRow) => debtOf(row.principal, row.interestDue);

/** The liquidation and margin-call prices of an open loan as it stands. */
export function thresholds(row: LoanRow): { marginCall: string; liquidation: string } {
  const debt = debtOfLoan(row);
  return {
    marginCall: priceAtLtv(debt, row.collateral, row.marginCallLtv).toFixed(),
    liquidation: priceAtLtv(debt, row.collateral, row.liquidationLtv).toFixed(),
  };
}

export function loanView(row: LoanRow, price: string | null, now: Date): Loan {
  const open = row.status === 'open';
  const debt = debtOfLoan(row);
  const live = open && price !== null;
  const th = open ? thresholds(row) : null;
  return {
    id: row.id,
    terms_id: row.termsId,
    collateral_currency_id: row.collateralCurrencyId,
    collateral_name: nameOf(row.collateralCurrencyId),
    collateral: toWire(row.collateral),
    borrowed: toWire(row.borrowed),
    principal: toWire(row.principal),
    interest_due: toWire(row.interestDue),
    interest_paid: toWire(row.interestPaid),
    debt: toWire(debt),
    hourly_rate: toWire(row.hourlyRate),
    initial_ltv: toWire(row.initialLtv),
    margin_call_ltv: toWire(row.marginCallLtv),
    liquidation_ltv: toWire(row.liquidationLtv),
    term_days: row.termDays,
    due_at: ms(row.dueAt),
    overdue: open && row.dueAt !== null && row.dueAt.getTime() <= now.getTime(),
    status: row.status,
    price: live ? toWire(price) : null,
    ltv: live ? toWire(ltvOf(debt, row.collateral, price)) : null,
    margin_call_price: th ? toWire(th.marginCall) : null,
    liquidation_price: th ? toWire(th.liquidation) : null,
    margin_called_at: ms(row.marginCalledAt),
    liquidation:
      row.liqPrice === null
        ? null
        : {
            price: toWire(row.liqPrice),
            ts: row.liqTs ?? 0,
            source: row.liqSource ?? '',
            proceeds: toWire(row.liqProceeds ?? '0'),
            repaid: toWire(row.liqRepaid ?? '0'),
            returned: toWire(row.liqReturned ?? '0'),
          },
    created_at: row.createdAt.getTime(),
    closed_at: ms(row.closedAt),
  };
}

export const eventView = (e: LoanEventRow): LoanEvent => ({
  id: e.id,
  kind: e.kind,
  amount: e.amount === null ? null : toWire(e.amount),
  interest: e.interest === null ? null : toWire(e.interest),
  principal: e.principal === null ? null : toWire(e.principal),
  price: e.price === null ? null : toWire(e.price),
  created_at: e.createdAt.getTime(),
});

/**
 * Charges every started hour up to `hour` not charged yet, on the principal as it is: one
 * conditional step of `charged_through_hour`, under the caller's row lock.
 */
export async function chargeThrough(tx: Tx, row: LoanRow, hour: number): Promise<LoanRow> {
  if (row.status !== 'open' || row.chargedThroughHour >= hour) return row;
  const interest = interestFor(row.principal, row.hourlyRate, hour - row.chargedThroughHour);
  return repo.updateLoan(tx, row.id, {
    interestDue: new Money(row.interestDue).plus(interest).toFixed(),
    chargedThroughHour: hour,
  });
}

/** The hourly job: every open loan charged through the hour that has just started. */
export async function chargeHour(tx: Tx, hour: number): Promise<number> {
  let charged = 0;
  let after = 0;
  for (;;) {
    const rows = await repo.lockUncharged(tx, hour, after, CHUNK);
    for (const row of rows) await chargeThrough(tx, row, hour);
    charged += rows.length;
    if (rows.length < CHUNK) return charged;
    after = rows[rows.length - 1]!.id;
  }
}

/** Holds `amount` of collateral, answering a shortfall with what the change account has. */
async function holdCollateral(tx: Tx, userId: number, currencyId: number, amount: string, now: Date) {
  try {
    return await hold(tx, {
      account: userAccount(userId, currencyId, 'change'),
      amount,
      kind: 'loan_collateral',
      userId,
      at: now,
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.key !== 'insufficient_balance') throw err;
    const { available } = await balanceOf(tx, userId, currencyId, 'change');
    throw new AppError('insufficient_balance_available', {
      field: 'collateral',
      values: { available: toWire(available), currency: nameOf(currencyId) },
    });
  }
}

export interface BorrowInput {
  userId: number;
  terms: LoanTermsRow;
  amount: string;
  collateral: string;
  term: number;
  price: string;
  now: Date;
}

/**
 * Takes a loan: the terms must be open and offer the term, the amount inside the limits and the
 * LTV at the live price at most the initial one; the collateral is held in the change account and
 * the amount paid from the house. The current hour's interest is charged at once.
 */
export async function borrow(tx: Tx, a: BorrowInput): Promise<LoanRow> {
  const t = a.terms;
  if (!t.terms.includes(a.term)) throw new AppError('loan_term_unavailable', { field: 'term' });
  const limit = limitError(t, a.amount);
  if (limit) throw limit;
  if (ltvOf(a.amount, a.collateral, a.price).gt(t.initialLtv)) {
    throw new AppError('loan_collateral_short', {
      field: 'collateral',
      values: {
        minimum: toWire(collateralFor(a.amount, a.price, t.initialLtv)),
        currency: nameOf(t.collateralCurrencyId),
      },
    });
  }
  const held = await holdCollateral(tx, a.userId, t.collateralCurrencyId, a.collateral, a.now);
  const hour = hourOf(a.now);
  const row = await repo.insertLoan(tx, {
    userId: a.userId,
    termsId: t.id,
    collateralCurrencyId: t.collateralCurrencyId,
    pairId: t.pairId,
    loanCurrencyId: t.loanCurrencyId,
    collateral: toWire(a.collateral),
    holds: [{ id: held.holdId, amount: held.amount }],
    borrowed: toWire(a.amount),
    principal: toWire(a.amount),
    interestDue: hourlyInterest(a.amount, t.hourlyRate).toFixed(),
    hourlyRate: t.hourlyRate,
    initialLtv: t.initialLtv,
    marginCallLtv: t.marginCallLtv,
    liquidationLtv: t.liquidationLtv,
    termDays: a.term,
    dueAt: dueAt(a.now, a.term),
    chargedThroughHour: hour,
    status: 'open',
    createdAt: a.now,
  });
  await post(tx, {
    kind: 'loan_borrow',
    userId: a.userId,
    at: a.now,
    meta: { loanId: row.id },
    entries: [
      { account: systemAccount('house', t.loanCurrencyId), amount: `-${toWire(a.amount)}` },
      { account: userAccount(a.userId, t.loanCurrencyId, 'change'), amount: toWire(a.amount) },
    ],
  });
  await repo.insertEvent(tx, {
    loanId: row.id,
    kind: 'borrow',
    amount: toWire(a.amount),
    price: a.price,
    createdAt: a.now,
  });
  return row;
}

/** A user's open loan, locked and charged through the current hour. */
async function openLoan(tx: Tx, userId: number, id: number, now: Date): Promise<LoanRow> {
  const row = await repo.userLoanForUpdate(tx, userId, id);
  if (!row) throw new AppError('record_not_found', { field: 'id' });
  if (row.status !== 'open') throw new AppError('loan_not_open', { field: 'id' });
  return chargeThrough(tx, row, hourOf(now));
}

/** Releases every collateral hold of a loan (repaid in full). */
async function releaseCollateral(tx: Tx, row: LoanRow, now: Date): Promise<void> {
  for (const h of row.holds) {
    await releaseHold(tx, h.id, { kind: 'loan_release', userId: row.userId, at: now, meta: { loanId: row.id } });
  }
}

/**
 * Repays `amount` (capped at the debt) from the change account: interest first, then principal.
 * A loan whose debt reaches 0 is repaid and its collateral released.
 */
export async function repay(tx: Tx, a: { userId: number; id: number; amount: string; now: Date }): Promise<LoanRow> {
  const row = await openLoan(tx, a.userId, a.id, a.now);
  const split = splitRepayment(a.amount, row.interestDue, row.principal);
  try {
    await post(tx, {
      kind: 'loan_repay',
      userId: a.userId,
      at: a.now,
      meta: { loanId: row.id, interest: split.interest.toFixed(), principal: split.principal.toFixed() },
      entries: [
        { account: userAccount(a.userId, row.loanCurrencyId, 'change'), amount: split.paid.neg().toFixed() },
        { account: systemAccount('house', row.loanCurrencyId), amount: split.paid.toFixed() },
      ],
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.key !== 'insufficient_balance') throw err;
    const { available } = await balanceOf(tx, a.userId, row.loanCurrencyId, 'change');
    throw new AppError('insufficient_balance_available', {
      field: 'amount',
      values: { available: toWire(available), currency: nameOf(row.loanCurrencyId) },
    });
  }
  const principal = new Money(row.principal).minus(split.principal);
  const interestDue = new Money(row.interestDue).minus(split.interest);
  const done = principal.isZero() && interestDue.isZero();
  if (done) await releaseCollateral(tx, row, a.now);
  const updated = await repo.updateLoan(tx, row.id, {
    principal: principal.toFixed(),
    interestDue: interestDue.toFixed(),
    interestPaid: new Money(row.interestPaid).plus(split.interest).toFixed(),
    ...(done ? { status: 'repaid' as const, closedAt: a.now } : {}),
  });
  await repo.insertEvent(tx, {
    loanId: row.id,
    kind: 'repay',
    amount: split.paid.toFixed(),
    interest: split.interest.toFixed(),
    principal: split.principal.toFixed(),
    createdAt: a.now,
  });
  return updated;
}

/** Adds collateral from the change account to an open loan (a hold of its own). */
export async function addCollateral(
  tx: Tx,
  a: { userId: number; id: number; amount: string; now: Date },
): Promise<LoanRow> {
  const row = await openLoan(tx, a.userId, a.id, a.now);
  const held = await holdCollateral(tx, a.userId, row.collateralCurrencyId, a.amount, a.now);
  const updated = await repo.updateLoan(tx, row.id, {
    collateral: new Money(row.collateral).plus(a.amount).toFixed(),
    holds: [...row.holds, { id: held.holdId, amount: held.amount }],
  });
  await repo.insertEvent(tx, { loanId: row.id, kind: 'add_collateral', amount: toWire(a.amount), createdAt: a.now });
  return updated;
}

/**
 * After a repayment or more collateral: a margin call is re-armed once the LTV at `price` is back
 * below the margin-call LTV, so the next crossing notifies again.
 */
export async function rearmMarginCall(tx: Tx, row: LoanRow, price: string | null): Promise<LoanRow> {
  if (row.status !== 'open' || row.marginCalledAt === null || price === null) return row;
  if (reachesLtv(debtOfLoan(row), row.collateral, price, row.marginCallLtv)) return row;
  return repo.updateLoan(tx, row.id, { marginCalledAt: null });
}

/**
 * Liquidates loan `id` at the tick's price if it is still open and that price reaches its
 * liquidation LTV (after charging the hours started by `now`): the whole collateral is sold to
 * the house, the debt paid from the proceeds and the rest credited to the change account.
 * Returns the liquidated row, or null when there was nothing to do (repaid, more collateral).
 */
export async function liquidate(tx: Tx, id: number, tick: Tick, now: Date): Promise<LoanRow | null> {
  const locked = await repo.loanForUpdate(tx, id);
  if (!locked || locked.status !== 'open') return null;
  const row = await chargeThrough(tx, locked, hourOf(now));
  if (!reachesLtv(debtOfLoan(row), row.collateral, tick.price, row.liquidationLtv)) return null;
  return sellCollateral(tx, row, tick, now);
}

/**
 * Fixed-term loans whose term ended by `at` and are still open: each (locked, a loan a request
 * holds is left to the next pass) is charged through `at`'s hour and its collateral sold at the
 * feed's price like a liquidation. Returns the loans settled.
 */
export async function settleOverdue(tx: Tx, at: Date, tickOf: (row: LoanRow) => Tick | null): Promise<LoanRow[]> {
  const settled: LoanRow[] = [];
  for (const locked of await repo.lockOverdue(tx, at, CHUNK)) {
    const tick = tickOf(locked);
    // No live price: the sale waits for the next pass; the loan stays open and accrues.
    if (!tick) continue;
    const row = await chargeThrough(tx, locked, hourOf(at));
    settled.push(await sellCollateral(tx, row, tick, at));
  }
  return settled;
}

/**
 * Sells a locked open loan's whole collateral to the house at the tick's price: the debt is paid
 * from the proceeds, the rest credited to the change account, the trade recorded on the loan, and
 * the user notified. `status` leaves `open` here only, under the caller's row lock.
 */
async function sellCollateral(tx: Tx, row: LoanRow, tick: Tick, now: Date): Promise<LoanRow> {
  const split = liquidationSplit(row.collateral, tick.price, row.principal, row.interestDue);
  const ltv = ltvOf(debtOfLoan(row), row.collateral, tick.price);
  const meta = { loanId: row.id, price: tick.price, ts: tick.ts, source: tick.source };
  for (const h of row.holds) {
    await postHold(tx, h.id, {
      kind: 'loan_liquidation',
      userId: row.userId,
      at: now,
      meta,
      to: [{ account: systemAccount('house', row.collateralCurrencyId), amount: h.amount }],
    });
  }
  if (split.returned.gt(0)) {
    await post(tx, {
      kind: 'loan_liquidation',
      userId: row.userId,
      at: now,
      meta,
      entries: [
        { account: systemAccount('house', row.loanCurrencyId), amount: split.returned.neg().toFixed() },
        { account: userAccount(row.userId, row.loanCurrencyId, 'change'), amount: split.returned.toFixed() },
      ],
    });
  }
  const done = await repo.updateLoan(tx, row.id, {
    status: 'liquidated',
    closedAt: now,
    interestPaid: new Money(row.interestPaid).plus(split.interest).toFixed(),
    liqPrice: tick.price,
    liqTs: tick.ts,
    liqSource: tick.source,
    liqProceeds: split.proceeds.toFixed(),
    liqRepaid: split.repaid.toFixed(),
    liqReturned: split.returned.toFixed(),
  });
  await repo.insertEvent(tx, {
    loanId: row.id,
    kind: 'liquidation',
    amount: split.proceeds.toFixed(),
    interest: split.interest.toFixed(),
    principal: split.principal.toFixed(),
    price: tick.price,
    createdAt: now,
  });
  await notifyLoan(tx, done, 'liquidation', tick.price, ltv, now);
  return done;
}

/**
 * A margin call at the tick's price: once per crossing (until re-armed), only while the loan is
 * open and the price reaches its margin-call LTV. Returns the row when it notified.
 */
export async function marginCall(tx: Tx, id: number, tick: Tick, now: Date): Promise<LoanRow | null> {
  const locked = await repo.loanForUpdate(tx, id);
  if (!locked || locked.status !== 'open' || locked.marginCalledAt !== null) return null;
  const row = await chargeThrough(tx, locked, hourOf(now));
  if (!reachesLtv(debtOfLoan(row), row.collateral, tick.price, row.marginCallLtv)) return null;
  const ltv = ltvOf(debtOfLoan(row), row.collateral, tick.price);
  const called = await repo.updateLoan(tx, row.id, { marginCalledAt: now });
  await repo.insertEvent(tx, { loanId: row.id, kind: 'margin_call', price: tick.price, createdAt: now });
  await notifyLoan(tx, called, 'margin_call', tick.price, ltv, now);
  return called;
}

async function notifyLoan(
  tx: Tx,
  row: LoanRow,
  kind: 'margin_call' | 'liquidation',
  price: string,
  ltv: Money,
  now: Date,
) {
  await notify(
    tx,
    row.userId,
    {
      type: 'settlement.loan',
      kind,
      loan_id: row.id,
      collateral: nameOf(row.collateralCurrencyId),
      ltv: ltv.toFixed(),
      price: toWire(price),
    },
    now,
  );
}
