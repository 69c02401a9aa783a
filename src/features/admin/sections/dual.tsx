import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResponseOf } from '@contract/define';
import { adminDualProducts, adminDualSave } from '@contract/invest';
import { formatDateTime, formatPercent } from '@/lib/format';
import { call } from '@/lib/http/client';
import { activeBcp47 } from '@/lib/i18n';
import { AdminButton, Panel, SectionPage, Tag, type Column } from '../components';
import { Note, ProductForm, toLocalInput, type FieldSpec } from '../products/form';
import { CatalogList, useCatalogEditor } from '../products/catalog';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'dual',
  title: msg`Dual invest`,
  group: 'products',
  roles: ['admin'],
  order: 30,
};

type Product = ResponseOf<typeof adminDualProducts>['data'][number];

/** Dual invest products ("sell high" on BTC or ETH): price per share, APR, linked price, term, shares. */
export default function DualSection() {
  const { t } = useLingui();
  const editor = useCatalogEditor<Product | 'new'>();
  const { editing, edit } = editor;
  const current = editing === 'new' ? null : editing;
  const when = (ms: number) => formatDateTime(ms, activeBcp47());

  const columns: Column<Product>[] = [
    { key: 'coin', title: t`Coin`, render: (p) => p.currency_name },
    { key: 'apr', title: t`APR`, render: (p) => formatPercent(p.apr).replace('+', '') },
    { key: 'linked', title: t`Linked price`, render: (p) => `${p.linked_price} USDT` },
    { key: 'days', title: t`Days`, render: (p) => p.holding_days },
    { key: 'ends', title: t`Sale ends`, render: (p) => when(p.sale_ends_at) },
    { key: 'shares', title: t`Sold`, render: (p) => `${p.sold_shares} / ${p.total_shares}` },
    {
      key: 'enabled',
      title: t`Status`,
      render: (p) => (p.enabled ? <Tag tone="good">{t`On sale`}</Tag> : <Tag tone="wait">{t`Off`}</Tag>),
    },
  ];

  const fields: FieldSpec[] = [
    {
      name: 'currency_id',
      label: t`Coin`,
      kind: 'select',
      options: [
        { value: '1', label: 'BTC' },
        { value: '2', label: 'ETH' },
      ],
    },
    { name: 'price_per_share', label: t`Coin per share`, kind: 'decimal' },
    { name: 'apr', label: t`APR`, kind: 'decimal', hint: t`A fraction: 0.365 is 36.5 % a year` },
    { name: 'linked_price', label: t`Linked price (USDT)`, kind: 'decimal' },
    { name: 'holding_days', label: t`Holding days`, kind: 'integer' },
    { name: 'sale_ends_at', label: t`Sale ends`, kind: 'datetime', hint: t`Maturity is the sale end plus the days` },
    {
      name: 'total_shares',
      label: t`Total shares`,
      kind: 'integer',
      hint: current ? t`Not below the ${current.sold_shares} sold` : undefined,
    },
    { name: 'enabled', label: t`On sale`, kind: 'switch' },
  ];

  const detail = editing && (
    <Panel title={current ? t`${current.currency_name} product #${current.id}` : t`New product`}>
      <Note>
        <Trans>Orders keep the terms they were bought at; a change concerns later buyers only.</Trans>
      </Note>
      <ProductForm
        key={current?.id ?? 'new'}
        fields={fields}
        schema={adminDualSave.request}
        extra={current ? { id: current.id } : {}}
        initial={{
          currency_id: String(current?.currency_id ?? 1),
          price_per_share: current?.price_per_share ?? '',
          apr: current?.apr ?? '',
          linked_price: current?.linked_price ?? '',
          holding_days: current ? String(current.holding_days) : '',
          sale_ends_at: toLocalInput(current?.sale_ends_at),
          total_shares: current ? String(current.total_shares) : '',
          enabled: current?.enabled ?? true,
        }}
        confirmTitle={current ? t`Save the changes to this product?` : t`Create this product?`}
        onSubmit={(data) => call(adminDualSave, data)}
        onSaved={editor.saved}
        onCancel={editor.close}
      />
    </Panel>
  );

  return (
    <SectionPage
      title={<Trans>Dual invest</Trans>}
      actions={
        <AdminButton kind="primary" onClick={() => edit('new')}>
          <Trans>New product</Trans>
        </AdminButton>
      }
    >
      <CatalogList
        editor={editor}
        columns={columns}
        load={(page) => call(adminDualProducts, { page, limit: 20 })}
        rowKey={(p) => p.id}
        selectedKey={current?.id}
        empty={<Trans>No products yet</Trans>}
        detail={detail}
      />
    </SectionPage>
  );
}
