import { describe, expect, it } from 'vitest';
import type { CouponOffer, UserCoupon } from '@contract/coupon';
import { claimBlock, hasMinimum, percentOff, sortTimeOf } from './coupon';

const terms = { kind: 'futures_fee' as const, rate: '0.5', cap: '3', bonus: '0', min_amount: '0' };
const offer = (o: Partial<CouponOffer>): CouponOffer => ({
  id: 1,
  ...terms,
  currency_id: 3,
  currency_name: 'USDT',
  expires_at: 10,
  total: 10,
  remaining: 5,
  per_user: 2,
  claimed: 0,
  can_claim: true,
  ...o,
});

describe('coupon model', () => {
  it('writes percent off without float error or trailing zeros', () => {
    expect(['0.5', '0.125', '1', '0.07', '0.333'].map(percentOff)).toEqual(['50', '12.5', '100', '7', '33.3']);
  });

  it('knows a zero minimum', () => {
    expect(hasMinimum({ ...terms, min_amount: '0' })).toBe(false);
    expect(hasMinimum({ ...terms, min_amount: '100' })).toBe(true);
  });

  it('says why an offer cannot be claimed', () => {
    expect(claimBlock(offer({}))).toBeNull();
    expect(claimBlock(offer({ claimed: 2 }))).toBe('limit');
    expect(claimBlock(offer({ remaining: 0 }))).toBe('sold_out');
  });

  it('sorts available coupons by soonest expiry and the others newest first', () => {
    const base = { ...offer({}), coupon_id: 1, claimed_at: 1, used_for: null, saved: null, used_at: null };
    const a = { ...base, status: 'available', expires_at: 100 } as UserCoupon;
    const b = { ...base, status: 'available', expires_at: 50 } as UserCoupon;
    expect(sortTimeOf(b)).toBeGreaterThan(sortTimeOf(a));
    expect(sortTimeOf({ ...base, status: 'used', used_at: 7 } as UserCoupon)).toBe(7);
  });
});
