import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LockProduct } from '@contract/lockming';
import { adminLockProducts, adminLockSave } from '@contract/lockming';
import { formatPercent } from '@/lib/format';
import { call } from '@/lib/http/client';
import { AdminButton, Panel, SectionPage, Tag, type Column } from '../components';
import { Note, onePage, ProductForm, type FieldSpec } from '../products/form';
import { CatalogList, useCatalogEditor } from '../products/catalog';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'lockming',
  title: msg`Lock mining`,
  group: 'products',
  roles: ['admin'],
  order: 20,
};

const pct = (v: string) => formatPercent(v).replace('+', '');

/** Lock-mining products: daily yield range, days, minimum, early-redemption penalty, open or withdrawn. */
export default function LockmingSection() {
  const { t } = useLingui();
  const editor = useCatalogEditor<LockProduct | 'new'>();
  const { editing, edit } = editor;
  const current = editing === 'new' ? null : editing;

  const columns: Column<LockProduct>[] = [
    { key: 'name', title: t`Name`, render: (p) => p.name },
    { key: 'days', title: t`Days`, render: (p) => p.days },
    { key: 'rate', title: t`Daily yield`, render: (p) => `${pct(p.min_rate)} – ${pct(p.max_rate)}` },
    { key: 'min', title: t`Minimum`, render: (p) => `${p.min_amount} ${p.currency_name}` },
    { key: 'penalty', title: t`Penalty a day`, render: (p) => pct(p.penalty_rate) },
    {
      key: 'status',
      title: t`Status`,
      render: (p) => (p.status === 1 ? <Tag tone="good">{t`Open`}</Tag> : <Tag tone="wait">{t`Withdrawn`}</Tag>),
    },
  ];

  const fields: FieldSpec[] = [
    { name: 'name', label: t`Name`, kind: 'text', wide: true },
    { name: 'days', label: t`Lock days`, kind: 'integer' },
    { name: 'min_amount', label: t`Minimum amount (USDT)`, kind: 'decimal' },
    { name: 'min_rate', label: t`Lowest daily rate`, kind: 'decimal', hint: t`A fraction: 0.003 is 0.3 % a day` },
    { name: 'max_rate', label: t`Highest daily rate`, kind: 'decimal' },
    {
      name: 'penalty_rate',
      label: t`Early-redemption penalty a day`,
      kind: 'decimal',
      hint: t`A fraction of the amount for each remaining day`,
    },
    {
      name: 'status',
      label: t`Status`,
      kind: 'select',
      options: [
        { value: '1', label: t`Open for deposits` },
        { value: '0', label: t`Withdrawn` },
      ],
    },
  ];

  const detail = editing && (
    <Panel title={current ? current.name : t`New product`}>
      <Note>
        <Trans>
          A new range applies to rates published after saving; published rates and accepted orders keep theirs.
        </Trans>
      </Note>
      <ProductForm
        key={current?.id ?? 'new'}
        fields={fields}
        schema={adminLockSave.request}
        extra={current ? { id: current.id } : {}}
        initial={{
          name: current?.name ?? '',
          days: current ? String(current.days) : '',
          min_amount: current?.min_amount ?? '',
          min_rate: current?.min_rate ?? '',
          max_rate: current?.max_rate ?? '',
          penalty_rate: current?.penalty_rate ?? '',
          status: String(current?.status ?? 1),
        }}
        confirmTitle={current ? t`Save the changes to ${current.name}?` : t`Create this product?`}
        onSubmit={(data) => call(adminLockSave, data)}
        onSaved={editor.saved}
        onCancel={editor.close}
      />
    </Panel>
  );

  return (
    <SectionPage
      title={<Trans>Lock mining</Trans>}
      actions={
        <AdminButton kind="primary" onClick={() => edit('new')}>
          <Trans>New product</Trans>
        </AdminButton>
      }
    >
      <CatalogList
        editor={editor}
        columns={columns}
        load={async () => onePage(await call(adminLockProducts))}
        rowKey={(p) => p.id}
        selectedKey={current?.id}
        empty={<Trans>No products yet</Trans>}
        detail={detail}
      />
    </SectionPage>
  );
}
