import type { CouponOffer, UserCoupon, UserCouponState } from '@contract/coupon';

/** The tabs of the coupon centre: what can be claimed, then the user's coupons by state. */
export const COUPON_TABS = ['claim', 'available', 'used', 'expired'] as const satisfies readonly (
  'claim' | UserCouponState
)[];
export type CouponTab = (typeof COUPON_TABS)[number];

type Terms = Pick<CouponOffer | UserCoupon, 'kind' | 'rate' | 'cap' | 'bonus' | 'min_amount'>;

/** Percent off of a fee discount, without trailing zeros: "0.5" → "50", "0.125" → "12.5". */
export function percentOff(rate: string): string {
  const [whole = '0', frac = ''] = rate.split('.');
  const digits = `${whole}${frac.padEnd(2, '0')}`;
  const int = digits.slice(0, whole.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(whole.length + 2).replace(/0+$/, '');
  return rest ? `${int}.${rest}` : int;
}

/** Whether the coupon has a minimum (position value or recharge amount). */
export const hasMinimum = (c: Terms): boolean => !/^0(\.0*)?$/.test(c.min_amount);

/** Where an available coupon is used: the futures screen or the recharge flow. */
export const targetOf = (c: Pick<Terms, 'kind'>): 'futures' | 'recharge' =>
  c.kind === 'futures_fee' ? 'futures' : 'recharge';

/**
 * The time a stored coupon row sorts by (newest first when read back): available coupons by
 * soonest expiry (so negated), used ones by use, expired ones by expiry.
 */
export function sortTimeOf(c: UserCoupon): number {
  if (c.status === 'available') return -c.expires_at;
  if (c.status === 'used') return c.used_at ?? c.claimed_at;
  return c.expires_at;
}

/** Why an offer cannot be claimed, if it cannot. */
export function claimBlock(o: CouponOffer): 'limit' | 'sold_out' | null {
  if (o.claimed >= o.per_user) return 'limit';
  if (o.remaining <= 0) return 'sold_out';
  return null;
}
