import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { amount, decimal as wireDecimal, epochMs, id, limit, page } from './domain/wire';

/**
 * Coupons (SPEC.md setting/coupon): issued from the console, claimed by users, used where they
 * apply, every use through the ledger.
 *
 * Kinds:
 * - `futures_fee`: `rate` (a fraction, "0.5" = 50 % off) of a futures market open's fee, at most
 *   `cap` USDT, for a position worth at least `min_amount` USDT (entry notional). The fee is charged
 *   in full and the discount paid back from the house in the same transaction
 *   (`coupon_discount`). An open names its coupon (`coupon_id` of `/lever/submit`, 0 for none);
 *   without it the claimed coupon that saves the most on that fee is used (ties: the one expiring
 *   first). Limit opens take no coupon.
 * - `recharge_bonus`: `bonus` in the coupon's currency paid to the account credited by an approved
 *   recharge of at least `min_amount` of that currency submitted before the coupon expired, in the
 *   approval's transaction (`coupon_bonus`). The approval uses the user's largest such bonus.
 *
 * A coupon has a stock (`total`), a limit per user and an expiry (`expires_at`, epoch ms): it can
 * be claimed and used until then. A claimed coupon keeps the terms it was claimed with. Each
 * claimed coupon is used at most once, and each position or recharge uses at most one coupon.
 */

const decimal = wireDecimal();

export const COUPON_KINDS = ['futures_fee', 'recharge_bonus'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** A claimed coupon's state: `expired` is an unused one past its expiry. */
export const USER_COUPON_STATES = ['available', 'used', 'expired'] as const;
export type UserCouponState = (typeof USER_COUPON_STATES)[number];

/** Currencies a coupon may be in (USDT, BTC, ETH); futures fee coupons are USDT. */
export const COUPON_CURRENCIES = [3, 1, 2] as const;
export const COUPON_USDT = 3;

/** The terms a coupon carries, shared by the offer and the claimed copy. */
const termsShape = {
  kind: z.enum(COUPON_KINDS),
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** futures_fee: fraction of the fee taken off. "0" for other kinds. */
  rate: decimal,
  /** futures_fee: most taken off one fee. "0" for other kinds. */
  cap: decimal,
  /** recharge_bonus: amount paid. "0" for other kinds. */
  bonus: decimal,
  /** futures_fee: least position value (USDT); recharge_bonus: least recharge amount. */
  min_amount: decimal,
  expires_at: z.number().int(),
};

export const couponOfferSchema = z.object({
  id: z.number().int(),
  ...termsShape,
  total: z.number().int(),
  remaining: z.number().int(),
  per_user: z.number().int(),
  /** How many of this coupon the caller has claimed. */
  claimed: z.number().int(),
  can_claim: z.boolean(),
});
export type CouponOffer = z.infer<typeof couponOfferSchema>;

export const userCouponSchema = z.object({
  id: z.number().int(),
  coupon_id: z.number().int(),
  ...termsShape,
  status: z.enum(USER_COUPON_STATES),
  claimed_at: z.number().int(),
  used_at: z.number().int().nullable(),
  /** What used it: a futures position or a recharge. */
  used_for: z.object({ type: z.enum(['position', 'recharge']), id: z.number().int() }).nullable(),
  /** The discount taken off or the bonus paid. */
  saved: decimal.nullable(),
});
export type UserCoupon = z.infer<typeof userCouponSchema>;

export const couponCenter = endpoint({
  method: 'POST',
  path: '/coupon/center',
  auth: true,
  summary: 'Coupons on offer (enabled, not expired, in stock), with what the caller has claimed',
  tags: ['coupon'],
  request: z.object({}),
  response: z.array(couponOfferSchema),
});

export const couponClaim = endpoint({
  method: 'POST',
  path: '/coupon/claim',
  auth: true,
  summary: 'Claim a coupon on offer, within its stock and limit per user',
  tags: ['coupon'],
  request: z.object({ id: id() }),
  response: userCouponSchema,
});

export const couponMine = endpoint({
  method: 'POST',
  path: '/coupon/mine',
  auth: true,
  summary:
    "The caller's claimed coupons in one state: available (soonest expiry first), used or expired (newest first)",
  tags: ['coupon'],
  request: z.object({ status: z.enum(USER_COUPON_STATES, { error: 'field_invalid' }), page: page(), limit: limit() }),
  response: pagedSchema(userCouponSchema),
});

const flag = () =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'field_invalid' })])
    .transform((v) => v === true || v === 'true' || v === '1');

export const adminCouponSchema = couponOfferSchema
  .omit({ claimed: true, can_claim: true })
  .extend({ enabled: z.boolean(), claimed_total: z.number().int(), used_total: z.number().int() });
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponList = endpoint({
  method: 'POST',
  path: '/admin/coupon/list',
  auth: 'admin',
  summary: 'Every coupon, newest first, with claimed and used counts',
  tags: ['admin', 'coupon'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(adminCouponSchema),
});

/**
 * Creates (no `id`) or updates a coupon. Claimed coupons keep their terms; `total` cannot go below
 * what was claimed. futures_fee needs `rate` (above 0, at most 1) and `cap`; recharge_bonus needs
 * `bonus`. `min_amount` 0 means no minimum.
 */
export const adminCouponSave = endpoint({
  method: 'POST',
  path: '/admin/coupon/save',
  auth: 'admin',
  summary: 'Create or update a coupon',
  tags: ['admin', 'coupon'],
  request: z
    .object({
      id: id().optional(),
      kind: z.enum(COUPON_KINDS, { error: 'field_invalid' }),
      currency_id: id('field_required'),
      rate: amount().optional(),
      cap: amount().optional(),
      bonus: amount().optional(),
      min_amount: z
        .union([z.literal('0'), z.literal(0), amount()])
        .transform((v) => String(v))
        .default('0'),
      total: id('field_required'),
      per_user: id('field_required'),
      expires_at: epochMs(),
      enabled: flag().default(true),
    })
    .superRefine((v, ctx) => {
      const need = (field: 'rate' | 'cap' | 'bonus') => {
        if (v[field] === undefined) ctx.addIssue({ code: 'custom', message: 'field_required', path: [field] });
      };
      if (v.kind === 'futures_fee') {
        need('rate');
        need('cap');
        if (v.rate !== undefined && Number(v.rate) > 1) {
          ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['rate'] });
        }
      } else need('bonus');
      if (v.per_user > v.total) ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['per_user'] });
    }),
  response: adminCouponSchema,
});
