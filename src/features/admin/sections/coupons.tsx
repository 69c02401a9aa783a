import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminCouponList, adminCouponSave, type AdminCoupon, type CouponKind } from '@contract/coupon';
import { formatDateTime } from '@/lib/format';
import { call } from '@/lib/http/client';
import { activeBcp47 } from '@/lib/i18n';
import { AdminButton, Panel, SectionPage, Tag, type Column } from '../components';
import { Note, ProductForm, toLocalInput, type FieldSpec } from '../products/form';
import { CatalogList, useCatalogEditor } from '../products/catalog';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'coupons',
  title: msg`Coupons`,
  group: 'products',
  roles: ['admin'],
  order: 80,
};

type Editing = AdminCoupon | { kind: CouponKind; id?: undefined };

/** Coupons users claim in the coupon centre: futures fee discounts and recharge bonuses. */
export default function CouponsSection() {
  const { t } = useLingui();
  const editor = useCatalogEditor<Editing>();
  const { editing, edit } = editor;
  const current = editing && editing.id !== undefined ? editing : null;
  const when = (ms: number) => formatDateTime(ms, activeBcp47());
  const kindLabel = (k: CouponKind) => (k === 'futures_fee' ? t`Futures fee discount` : t`Recharge bonus`);
  const valueOf = (c: AdminCoupon) => {
    const percent = Number(c.rate) * 100;
    const { cap, bonus, currency_name: currency } = c;
    return c.kind === 'futures_fee' ? t`${percent}% off, up to ${cap} USDT` : t`+${bonus} ${currency}`;
  };

  const columns: Column<AdminCoupon>[] = [
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

  const kind = editing?.kind ?? 'futures_fee';
  const kindName = kindLabel(kind);
  const claimed = current?.claimed_total ?? 0;
  const couponId = current?.id ?? 0;
  const fee = kind === 'futures_fee';
  const currencies = fee
    ? [{ value: '3', label: 'USDT' }]
    : [
        { value: '3', label: 'USDT' },
        { value: '1', label: 'BTC' },
        { value: '2', label: 'ETH' },
      ];
  const fields: FieldSpec[] = [
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

  const detail = editing && (
    <Panel title={current ? t`Coupon #${couponId}: ${kindName}` : t`New coupon: ${kindName}`}>
      <Note>
        {fee ? (
          <Trans>
            Used on a futures market open: the user names the coupon or the one saving the most is used; the discount is
            paid back from the house.
          </Trans>
        ) : (
          <Trans>
            Paid from the house when a recharge of at least the minimum, in this currency, is approved. Claimed coupons
            keep the terms they were claimed with.
          </Trans>
        )}
      </Note>
      <ProductForm
        key={`${current?.id ?? 'new'}:${kind}`}
        fields={fields}
        schema={adminCouponSave.request}
        extra={{ kind, ...(current ? { id: current.id } : {}) }}
        initial={{
          currency_id: String(current?.currency_id ?? 3),
          rate: current?.rate ?? '',
          cap: current?.cap ?? '',
          bonus: current?.bonus ?? '',
          min_amount: current?.min_amount ?? '0',
          total: current ? String(current.total) : '',
          per_user: current ? String(current.per_user) : '1',
          expires_at: toLocalInput(current?.expires_at),
          enabled: current?.enabled ?? true,
        }}
        confirmTitle={current ? t`Save the changes to this coupon?` : t`Issue this coupon?`}
        confirmBody={<Trans>Every use of this coupon pays its discount or bonus from the house account.</Trans>}
        onSubmit={(data) => call(adminCouponSave, data)}
        onSaved={editor.saved}
        onCancel={editor.close}
      />
    </Panel>
  );

  return (
    <SectionPage
      title={<Trans>Coupons</Trans>}
      actions={
        <>
          <AdminButton kind="primary" onClick={() => edit({ kind: 'futures_fee' })}>
            <Trans>New fee discount</Trans>
          </AdminButton>
          <AdminButton kind="primary" onClick={() => edit({ kind: 'recharge_bonus' })}>
            <Trans>New recharge bonus</Trans>
          </AdminButton>
        </>
      }
    >
      <CatalogList
        editor={editor}
        columns={columns}
        load={(page) => call(adminCouponList, { page, limit: 20 })}
        rowKey={(c) => c.id}
        selectedKey={current?.id}
        empty={<Trans>No coupons yet</Trans>}
        detail={detail}
      />
    </SectionPage>
  );
}
