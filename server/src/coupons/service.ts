/**
 * Coupon rules (contract/coupon.ts): claiming within stock and limits, the views, and the two
 * uses, each inside the transaction of what triggers it: a futures market open (fee discount) and
 * a recharge approval (bonus). A use marks the claimed coupon used (conditional on it being
 * available, under a unique `used_ref`) before it posts, so it pays exactly once.
 */
import type { ParsedRequestOf } from '@contract/define';
import {
  COUPON_CURRENCIES,
  COUPON_USDT,
  type AdminCoupon,
  type CouponOffer,
  type UserCoupon,
  type adminCouponSave,
} from '@contract/coupon';
import type { WalletType } from '@contract/wallet';
import type { CouponRow, UserCouponRow } from '../db/schema/index';
import { AppError } from '../errors';
import { Money, post, systemAccount, toWire, userAccount, type MoneyInput, type Tx } from '../ledger/index';
import { audit } from '../audit/index';
import { currencyName } from '../market/currencies';
import * as repo from './repo';

/** Discounts and bonuses are rounded down to this many decimals. */
const DECIMALS = 8;

type Terms = Pick<CouponRow, 'kind' | 'currencyId' | 'rate' | 'cap' | 'bonus' | 'minAmount' | 'expiresAt'>;

const termsView = (r: Terms) => ({
  kind: r.kind,
  currency_id: r.currencyId,
  currency_name: currencyName(r.currencyId),
  rate: toWire(r.rate),
  cap: toWire(r.cap),
  bonus: toWire(r.bonus),
  min_amount: toWire(r.minAmount),
  expires_at: r.expiresAt,
});

export const offerView = (r: CouponRow, claimed: number): CouponOffer => ({
  id: r.id,
  ...termsView(r),
  total: r.total,
  remaining: r.total - r.claimed,
  per_user: r.perUser,
  claimed,
  can_claim: claimed < r.perUser && r.claimed < r.total,
});

const USED_FOR = /^(position|recharge):(\d+)$/;

export function userCouponView(r: UserCouponRow, now: number): UserCoupon {
  const used = USED_FOR.exec(r.usedRef ?? '');
  return {
    id: r.id,
    coupon_id: r.couponId,
    ...termsView(r),
    status: r.status === 'used' ? 'used' : r.expiresAt <= now ? 'expired' : 'available',
    claimed_at: r.claimedAt.getTime(),
    used_at: r.usedAt?.getTime() ?? null,
    used_for: used ? { type: used[1] as 'position' | 'recharge', id: Number(used[2]) } : null,
    saved: r.saved === null ? null : toWire(r.saved),
  };
}

/**
 * Claims one coupon under its row lock: refused when disabled or expired (`coupon_expired`), out of
 * stock (`coupon_sold_out`) or at the user's limit (`coupon_limit_reached`). Claims of one coupon
 * queue on its lock, so a burst never exceeds the stock or the limit.
 */
export async function claim(tx: Tx, userId: number, couponId: number, now: Date): Promise<UserCouponRow> {
  const c = await repo.lockCoupon(tx, couponId);
  if (!c || !c.enabled) throw new AppError('coupon_not_found', { field: 'id' });
  if (c.expiresAt <= now.getTime()) throw new AppError('coupon_expired');
  if (c.claimed >= c.total) throw new AppError('coupon_sold_out');
  const mine = (await repo.claimCounts(tx, userId, [c.id])).get(c.id) ?? 0;
  if (mine >= c.perUser) throw new AppError('coupon_limit_reached', { values: { limit: c.perUser } });
  await repo.takeOne(tx, c.id);
  return repo.insertUserCoupon(tx, {
    couponId: c.id,
    userId,
    kind: c.kind,
    currencyId: c.currencyId,
    rate: c.rate,
    cap: c.cap,
    bonus: c.bonus,
    minAmount: c.minAmount,
    expiresAt: c.expiresAt,
    claimedAt: now,
  });
}

// ---- Uses ----

/** The discount a futures fee coupon gives on `fee`: rate x fee, at most the cap, rounded down. */
export function discountOf(c: Pick<UserCouponRow, 'rate' | 'cap'>, fee: MoneyInput): Money {
  const raw = new Money(fee.toString()).times(c.rate);
  return Money.min(raw, c.cap).toDecimalPlaces(DECIMALS, Money.ROUND_DOWN);
}

/** The best of candidates by value (ties: the first, which expires soonest). */
function best<T>(candidates: { row: T; value: Money }[]): { row: T; value: Money }[] {
  return candidates.filter((c) => c.value.gt(0)).sort((a, b) => b.value.comparedTo(a.value));
}

/**
 * Uses a futures fee coupon on a market open, in the open's transaction, after its fee was posted:
 * the named one (`couponId`; 0 for none), else the claimed one that saves the most on this fee.
 * The discount is paid from the house to the lever account (`coupon_discount`). Returns what was
 * taken off, or null when no coupon applied.
 */
export async function useFeeDiscount(
  tx: Tx,
  u: { userId: number; positionId: number; fee: MoneyInput; notional: MoneyInput; couponId?: number; at: Date },
): Promise<{ couponId: number; discount: string } | null> {
  if (u.couponId === 0) return null;
  const at = u.at.getTime();
  const applies = (r: UserCouponRow) => r.kind === 'futures_fee' && new Money(u.notional.toString()).gte(r.minAmount);
  let candidates: UserCouponRow[];
  if (u.couponId !== undefined) {
    const row = await repo.userCouponOf(tx, u.userId, u.couponId);
    if (!row) throw new AppError('coupon_not_found', { field: 'coupon_id' });
    if (row.status === 'available' && row.expiresAt <= at) throw new AppError('coupon_expired');
    if (row.status !== 'available' || !applies(row) || discountOf(row, u.fee).lte(0)) {
      throw new AppError('coupon_not_applicable', { field: 'coupon_id' });
    }
    candidates = [row];
  } else {
    candidates = (await repo.usable(tx, u.userId, 'futures_fee', at)).filter(applies);
  }
  for (const { row, value } of best(candidates.map((row) => ({ row, value: discountOf(row, u.fee) })))) {
    const taken = await repo.reserveUse(tx, row.id, `position:${u.positionId}`, u.at);
    if (!taken) continue; // used meanwhile by another open: the next best
    const posted = await post(tx, {
      kind: 'coupon_discount',
      userId: u.userId,
      at: u.at,
      meta: { coupon: row.id, position: u.positionId },
      entries: [
        { account: systemAccount('house', COUPON_USDT), amount: value.neg() },
        { account: userAccount(u.userId, COUPON_USDT, 'lever'), amount: value },
      ],
    });
    await repo.recordSaved(tx, row.id, value.toFixed(), posted.txId);
    return { couponId: row.id, discount: toWire(value) };
  }
  if (u.couponId !== undefined) throw new AppError('coupon_not_applicable', { field: 'coupon_id' });
  return null;
}

/**
 * Pays the largest recharge bonus the user holds for an approved recharge, in the approval's
 * transaction: a coupon of the recharge's currency, claimed by now, that had not expired when the
 * recharge was submitted, with `min_amount` at most the recharge. Paid from the house to the
 * account the recharge credited (`coupon_bonus`), once per recharge (`used_ref`).
 */
export async function payRechargeBonus(
  tx: Tx,
  r: {
    userId: number;
    rechargeId: number;
    currencyId: number;
    amount: MoneyInput;
    account: WalletType;
    submittedAt: Date;
    at: Date;
  },
): Promise<{ couponId: number; bonus: string } | null> {
  const ref = `recharge:${r.rechargeId}`;
  if (await repo.usedBy(tx, ref)) return null;
  const candidates = (await repo.usable(tx, r.userId, 'recharge_bonus', r.submittedAt.getTime())).filter(
    (c) => c.currencyId === r.currencyId && new Money(r.amount.toString()).gte(c.minAmount) && c.claimedAt <= r.at,
  );
  for (const { row, value } of best(candidates.map((row) => ({ row, value: new Money(row.bonus) })))) {
    const taken = await repo.reserveUse(tx, row.id, ref, r.at);
    if (!taken) continue;
    const posted = await post(tx, {
      kind: 'coupon_bonus',
      userId: r.userId,
      at: r.at,
      meta: { coupon: row.id, recharge: r.rechargeId },
      entries: [
        { account: systemAccount('house', r.currencyId), amount: value.neg() },
        { account: userAccount(r.userId, r.currencyId, r.account), amount: value },
      ],
    });
    await repo.recordSaved(tx, row.id, value.toFixed(), posted.txId);
    return { couponId: row.id, bonus: toWire(value) };
  }
  return null;
}

// ---- Console ----

type SaveInput = ParsedRequestOf<typeof adminCouponSave>;

export const adminView = (r: CouponRow, used: number): AdminCoupon => ({
  id: r.id,
  ...termsView(r),
  total: r.total,
  remaining: r.total - r.claimed,
  per_user: r.perUser,
  enabled: r.enabled,
  claimed_total: r.claimed,
  used_total: used,
});

/** Creates or updates a coupon with its audit row (before and after), in one transaction. */
export async function saveCoupon(tx: Tx, input: SaveInput, adminId: number, now: Date): Promise<CouponRow> {
  const currencies: readonly number[] = input.kind === 'futures_fee' ? [COUPON_USDT] : COUPON_CURRENCIES;
  if (!currencies.includes(input.currency_id)) {
    throw new AppError('coupon_currency_unsupported', { field: 'currency_id' });
  }
  const fee = input.kind === 'futures_fee';
  const values = {
    kind: input.kind,
    currencyId: input.currency_id,
    rate: fee ? input.rate! : '0',
    cap: fee ? input.cap! : '0',
    bonus: fee ? '0' : input.bonus!,
    minAmount: input.min_amount,
    total: input.total,
    perUser: input.per_user,
    expiresAt: input.expires_at,
    enabled: input.enabled,
    updatedAt: now,
  };
  if (input.id === undefined) {
    const row = await repo.insertCoupon(tx, { ...values, createdAt: now });
    await audit(tx, {
      adminId,
      action: 'coupon.create',
      entity: 'coupon',
      entityId: row.id,
      before: null,
      after: row,
      at: now,
    });
    return row;
  }
  const before = await repo.lockCoupon(tx, input.id);
  if (!before) throw new AppError('coupon_not_found', { field: 'id' });
  if (input.total < before.claimed) {
    throw new AppError('coupon_total_below_claimed', { field: 'total', values: { claimed: before.claimed } });
  }
  const after = await repo.updateCoupon(tx, input.id, values);
  await audit(tx, {
    adminId,
    action: 'coupon.update',
    entity: 'coupon',
    entityId: after.id,
    before,
    after,
    at: now,
  });
  return after;
}
