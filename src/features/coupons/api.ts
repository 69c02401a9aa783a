import { couponCenter, couponClaim, couponMine } from '@contract/coupon';
import type { UserCouponState } from '@contract/coupon';
import { call } from '@/lib/http';

export const fetchOffers = () => call(couponCenter, {}, { silent: true });
export const claimCoupon = (id: number) => call(couponClaim, { id });
export const fetchMine = (status: UserCouponState, page: number) =>
  call(couponMine, { status, page, limit: 20 }, { silent: true });
