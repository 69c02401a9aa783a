import { CouponCenterPage } from '@/features/coupons';

/** `#/pages/setting/coupon`: the coupon centre. */
export default function CouponRoute() {
  return <CouponCenterPage />;
}
