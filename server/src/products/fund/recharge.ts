import type { ChainCurrency, FundAccount, Network, Recharge } from '@contract/fund';
import { CURRENCY_IDS } from '@contract/fund';
import type { AppContext } from '../../context';
import type { RechargeRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { notifyWalletReviewed } from '../../push/events';
import { Money, post, systemAccount, toWire, userAccount, type Tx } from '../../ledger/index';
import { payRechargeBonus } from '../../coupons/service';
import { networkFor, termsOf } from './networks';
import { insertRecharge, lockRecharge, markRechargeDecided } from './repo';
import { ownUpload } from '../../uploads/upload-ref';

export const toRechargeDto = (r: RechargeRow): Recharge => ({
  id: r.id,
  currency: r.currency as ChainCurrency,
  network: r.network as Network,
  account: r.account as FundAccount,
  amount: toWire(r.amount),
  voucher: r.voucher,
  status: r.status,
  reason: r.reason,
  created_at: r.createdAt.toISOString(),
  reviewed_at: r.reviewedAt?.toISOString() ?? null,
});

export interface RechargeInput {
  account: FundAccount;
  amount: string;
  currency: ChainCurrency;
  type?: Network | undefined;
  voucher: string;
}

/** Checks what can be checked outside the transaction (network, minimum, the voucher is the user's). */
export async function prepareRecharge(ctx: AppContext, userId: number, input: RechargeInput) {
  const network = networkFor(input.currency, input.type);
  const min = termsOf(input.currency, network).rechargeMin;
  if (new Money(input.amount).lt(min)) {
    throw new AppError('amount_too_small', { field: 'amount', values: { min, currency: input.currency } });
  }
  const voucher = await ownUpload(ctx, userId, input.voucher, 'voucher', 'voucher_required');
  return { ...input, network, voucher };
}

export async function createRecharge(
  tx: Tx,
  userId: number,
  r: Awaited<ReturnType<typeof prepareRecharge>>,
  now: Date,
) {
  const row = await insertRecharge(tx, {
    userId,
    currency: r.currency,
    network: r.network,
    account: r.account,
    amount: r.amount,
    voucher: r.voucher,
    createdAt: now,
  });
  return toRechargeDto(row);
}

/**
 * Decides a pending recharge once: the conditional update claims it (a second review finds it
 * decided), and an approval credits the user from the external deposits account in the same
 * transaction. Returns the row before and after for the audit log.
 */
export async function decideRecharge(
  tx: Tx,
  args: { id: number; approve: boolean; reason: string; adminId: number; now: Date },
): Promise<{ before: RechargeRow; after: RechargeRow }> {
  const before = await lockRecharge(tx, args.id);
  if (!before) throw new AppError('record_not_found', { field: 'id' });
  if (before.status !== 'review') throw new AppError('already_reviewed');
  let txId: number | null = null;
  if (args.approve) {
    const currencyId = CURRENCY_IDS[before.currency as ChainCurrency];
    const posted = await post(tx, {
      kind: 'deposit',
      reason: args.reason || 'recharge approved',
      userId: before.userId,
      meta: { rechargeId: before.id, network: before.network, reviewedBy: args.adminId },
      at: args.now,
      entries: [
        { account: systemAccount('external_deposits', currencyId), amount: new Money(before.amount).neg() },
        { account: userAccount(before.userId, currencyId, before.account as FundAccount), amount: before.amount },
      ],
    });
    txId = posted.txId;
    // A claimed recharge bonus coupon that applies is paid with the approval (contract/coupon.ts).
    const { userId, id: rechargeId, amount, createdAt: submittedAt } = before;
    const account = before.account as FundAccount;
    await payRechargeBonus(tx, { userId, rechargeId, currencyId, amount, account, submittedAt, at: args.now });
  }
  const after = await markRechargeDecided(tx, args.id, { ...args, txId });
  if (!after) throw new AppError('already_reviewed');
  await notifyWalletReviewed(tx, 'recharge', before, args.approve, args.now);
  return { before, after };
}
