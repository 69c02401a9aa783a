import { useLingui } from '@lingui/react/macro';
import type { AdminCoupon, CouponKind } from '@contract/coupon';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { Tag, type Column } from '../../components';

/** A coupon kind by name. */
export function useCouponKindLabel(): (k: CouponKind) => string {
  const { t } = useLingui();
  return (k) => (k === 'futures_fee' ? t`Futures fee discount` : t`Recharge bonus`);
}

/** The coupon list's columns: kind, value, minimum, stock claimed and used, limits, expiry and status. */
export function useCouponColumns(): Column<AdminCoupon>[] {
  const { t } = useLingui();
  const kindLabel = useCouponKindLabel();
  const when = (ms: number) => formatDateTime(ms, activeBcp47());
  const valueOf = (c: AdminCoupon) => {
    const percent = Number(c.rate) * 100;
    const { cap, bonus, currency_name: currency } = c;
    return c.kind === 'futures_fee' ? t`${percent}% off, up to ${cap} USDT` : t`+${bonus} ${currency}`;
  };
  return [
    { key: 'id', title: t`ID`, render: (c) => c.id },
    { key: 'kind', title: t`Kind`, render: (c) => kindLabel(c.kind) },
    { key: 'value', title: t`Value`, render: valueOf },
    { key: 'min', title: t`Minimum`, render: (c) => `${c.min_amount} ${c.currency_name}` },
    { key: 'claimed', title: t`Claimed`, render: (c) => `${c.claimed_total} / ${c.total}` },
    { key: 'used', title: t`Used`, render: (c) => c.used_total },
    { key: 'per', title: t`Per user`, render: (c) => c.per_user },
    { key: 'expires', title: t`Expires`, render: (c) => when(c.expires_at) },
    {
      key: 'enabled',
      title: t`Status`,
      render: (c) =>
        !c.enabled ? (
          <Tag tone="wait">{t`Off`}</Tag>
        ) : c.expires_at <= Date.now() ? (
          <Tag tone="wait">{t`Expired`}</Tag>
        ) : (
          <Tag tone="good">{t`On offer`}</Tag>
        ),
    },
  ];
}
