import { useLingui } from '@lingui/react/macro';
import type { AdminCoupon, CouponKind } from '@contract/coupon';
import type { FieldSpec } from '../../products/form';

/** The fields of a coupon of `kind`: a fee discount's rate and cap, or a recharge bonus; then stock and expiry. */
export function useCouponFields(kind: CouponKind, current: AdminCoupon | null): FieldSpec[] {
  const { t } = useLingui();
  const claimed = current?.claimed_total ?? 0;
  const fee = kind === 'futures_fee';
  const currencies = fee
    ? [{ value: '3', label: 'USDT' }]
    : [
        { value: '3', label: 'USDT' },
        { value: '1', label: 'BTC' },
        { value: '2', label: 'ETH' },
      ];
  return [
    { name: 'currency_id', label: t`Currency`, kind: 'select', options: currencies },
    ...((fee
      ? [
          {
            name: 'rate',
            label: t`Discount`,
            kind: 'decimal',
            hint: t`A fraction of the opening fee: 0.5 is 50 % off`,
          },
          { name: 'cap', label: t`Most taken off one fee (USDT)`, kind: 'decimal' },
          { name: 'min_amount', label: t`Least position value (USDT)`, kind: 'decimal', hint: t`0 for any position` },
        ]
      : [
          { name: 'bonus', label: t`Bonus paid`, kind: 'decimal' },
          { name: 'min_amount', label: t`Least recharge amount`, kind: 'decimal', hint: t`0 for any recharge` },
        ]) satisfies FieldSpec[]),
    {
      name: 'total',
      label: t`Total stock`,
      kind: 'integer',
      hint: current ? t`Not below the ${claimed} claimed` : undefined,
    },
    { name: 'per_user', label: t`Claims per user`, kind: 'integer' },
    { name: 'expires_at', label: t`Expires`, kind: 'datetime', hint: t`Claimable and usable until then` },
    { name: 'enabled', label: t`On offer`, kind: 'switch' },
  ];
}
