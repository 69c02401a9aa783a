import type { ChainCurrency, FundAccount, Network, WithdrawMethod, Withdrawal } from '@contract/fund';
import { CURRENCY_IDS } from '@contract/fund';
import type { UserRow, WithdrawalRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { notifyWalletReviewed } from '../../push/events';
import { translate, type Locale } from '../../i18n';
import { hold, Money, postHold, releaseHold, systemAccount, toWire, userAccount, type Tx } from '../../ledger/index';
import type { AppContext } from '../../context';
import { findOwnAddress } from './bindings';
import { cardOf } from './repo-bindings';
import { checkLimit } from './limits';
import { BANK_TERMS, termsOf } from './networks';
import {
  insertWithdrawal,
  lockOwnerOfWithdrawal,
  lockUserForWithdrawal,
  lockWithdrawal,
  markWithdrawalDecided,
} from './repo';
import type { PriceSource } from '../../market/prices';
import { toBtc } from './btc-value';
import { checkWithdrawGuard } from '../../security/withdraw-guard';

export function arrivalNotice(lang: Locale, r: Pick<WithdrawalRow, 'method' | 'currency' | 'network'>): string {
  if (r.method === 'international') return translate(lang, 'swift_arrival');
  if (r.method === 'bank') return translate(lang, 'bank_arrival');
  const minutes = termsOf(r.currency as ChainCurrency, r.network as Network).arrivalMinutes;
  return translate(lang, 'arrival_minutes', { minutes });
}

export const toWithdrawalDto = (r: WithdrawalRow, lang: Locale): Withdrawal => ({
  id: r.id,
  currency: r.currency as ChainCurrency,
  method: r.method,
  network: (r.network as Network | null) ?? null,
  destination: r.destination,
  account: r.account as FundAccount,
  amount: toWire(r.amount),
  fee: toWire(r.fee),
  received: toWire(new Money(r.amount).minus(r.fee)),
  status: r.status,
  reason: r.reason,
  notice: arrivalNotice(lang, r),
  created_at: r.createdAt.toISOString(),
  reviewed_at: r.reviewedAt?.toISOString() ?? null,
});

export interface WithdrawInput {
  currency: ChainCurrency;
  method: WithdrawMethod;
  account: FundAccount;
  amount: string;
  address_id?: number | undefined;
}

/** Bank card and account numbers are shown by their last four characters only. */
const masked = (s: string) => `**** ${s.slice(-4)}`;

/** Where the money goes and on what terms, from the user's own bindings and the server's fees. */
export async function resolvePayout(ctx: AppContext, userId: number, input: WithdrawInput) {
  if (input.method === 'address') {
    if (input.address_id === undefined) throw new AppError('select_withdraw_address', { field: 'address_id' });
    const address = await findOwnAddress(ctx, userId, input.address_id);
    if (address.currency !== input.currency) throw new AppError('select_withdraw_address', { field: 'address_id' });
    const network = address.network as Network;
    const terms = termsOf(input.currency, network);
    return {
      network,
      destination: address.address,
      payee: { name: address.name, address: address.address },
      fee: terms.withdrawFee,
      min: terms.withdrawMin,
      savedAt: address.createdAt,
    };
  }
  const terms = BANK_TERMS[input.method];
  if (input.currency !== terms.currency) throw new AppError('currency_unsupported', { field: 'currency' });
  const row = await cardOf(ctx.db, userId, input.method === 'bank' ? 'domestic' : 'international');
  if (!row) throw new AppError('bank_card_required');
  const card = row.details;
  const number = (input.method === 'bank' ? card.card_number : card.account_number) ?? '';
  // Saving a card replaces it, so the time it was last saved is when this destination began.
  return {
    network: null,
    destination: masked(number),
    payee: card,
    fee: terms.fee,
    min: terms.min,
    savedAt: row.updatedAt,
  };
}

/** The identity gates of SPEC.md section 6: bound email (997), then basic verification (998). */
export function checkWithdrawAllowed(user: UserRow): void {
  if (!user.email) throw new AppError('email_required', { type: '997' });
  if (user.level < 1) throw new AppError('real_name_required', { type: '998' });
}

/**
 * Holds the amount (fee included) and records the withdrawal, under the user's row lock so the
 * rolling limit is checked against every earlier request, including concurrent ones.
 */
export async function createWithdrawal(
  tx: Tx,
  args: {
    user: UserRow;
    input: WithdrawInput;
    payout: Awaited<ReturnType<typeof resolvePayout>>;
    prices: PriceSource;
    now: Date;
  },
): Promise<WithdrawalRow> {
  const { input, payout, now } = args;
  const amount = new Money(input.amount);
  if (amount.lt(payout.min)) {
    throw new AppError('amount_too_small', { field: 'amount', values: { min: payout.min, currency: input.currency } });
  }
  const locked = await lockUserForWithdrawal(tx, args.user.id);
  if (!locked) throw new AppError('session_expired', { type: '999' });
  // Read under the lock: a password change or a whitelist switch committed before it counts.
  checkWithdrawGuard(locked, payout.savedAt, now);
  const btc = toBtc(args.prices, input.currency, input.amount);
  await checkLimit(tx, locked, btc, now);
  const currencyId = CURRENCY_IDS[input.currency];
  const held = await hold(tx, {
    account: userAccount(locked.id, currencyId, input.account),
    amount: input.amount,
    kind: 'withdrawal_hold',
    reason: 'withdrawal pending review',
    at: now,
  });
  return insertWithdrawal(tx, {
    userId: locked.id,
    currency: input.currency,
    method: input.method,
    network: payout.network,
    destination: payout.destination,
    payee: payout.payee,
    account: input.account,
    amount: input.amount,
    fee: payout.fee,
    btcValue: btc.toDecimalPlaces(18, Money.ROUND_UP).toFixed(),
    holdId: held.holdId,
    createdAt: now,
  });
}

/**
 * Decides a pending withdrawal once: approval posts the hold (payout to external withdrawals,
 * fee to the fees account); rejection releases it to the user. Same transaction as the status.
 */
export async function decideWithdrawal(
  tx: Tx,
  args: { id: number; approve: boolean; reason: string; adminId: number; now: Date },
): Promise<{ before: WithdrawalRow; after: WithdrawalRow }> {
  // No coin leaves an account whose owner froze withdrawals ("this wasn't me") or that staff froze:
  // the request may have come from whoever had the account. Rejecting it stays possible.
  const owner = args.approve ? await lockOwnerOfWithdrawal(tx, args.id) : undefined;
  const before = await lockWithdrawal(tx, args.id);
  if (!before) throw new AppError('record_not_found', { field: 'id' });
  if (before.status !== 'review') throw new AppError('already_reviewed');
  if (owner && (owner.withdrawFrozenAt || owner.frozenAt)) throw new AppError('withdrawal_owner_frozen');
  const currencyId = CURRENCY_IDS[before.currency as ChainCurrency];
  const meta = { withdrawalId: before.id, reviewedBy: args.adminId };
  const posted = args.approve
    ? await postHold(tx, before.holdId, {
        kind: 'withdrawal',
        reason: args.reason || 'withdrawal approved',
        meta,
        at: args.now,
        to: [
          {
            account: systemAccount('external_withdrawals', currencyId),
            amount: new Money(before.amount).minus(before.fee),
          },
          { account: systemAccount('fees', currencyId), amount: before.fee },
        ],
      })
    : await releaseHold(tx, before.holdId, { kind: 'withdrawal_rejected', reason: args.reason, meta, at: args.now });
  const after = await markWithdrawalDecided(tx, args.id, { ...args, txId: posted.txId });
  if (!after) throw new AppError('already_reviewed');
  await notifyWalletReviewed(tx, 'withdrawal', before, args.approve, args.now);
  return { before, after };
}
