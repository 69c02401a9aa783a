import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MicroSeconds } from '@contract/seconds';
import { adminSecondsDurations, adminSecondsSave, SECONDS_BOUNDS } from '@contract/seconds';
import { formatPercent } from '@/lib/format';
import { call } from '@/lib/http/client';
import { AdminButton, Panel, SectionPage, Tag, type Column } from '../components';
import { Note, onePage, ProductForm, type FieldSpec } from '../products/form';
import { CatalogList, useCatalogEditor } from '../products/catalog';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'seconds',
  title: msg`Seconds contracts`,
  group: 'products',
  roles: ['admin'],
  order: 40,
};

type Editing = MicroSeconds | 'new';

/**
 * Durations of seconds contracts: length, profit ratio, stake limits, open or withdrawn. A change
 * applies to the next order; accepted orders keep their terms, and nothing here touches a result.
 */
export default function SecondsSection() {
  const { t } = useLingui();
  const editor = useCatalogEditor<Editing>();
  const { editing, edit } = editor;

  const columns: Column<MicroSeconds>[] = [
    { key: 'seconds', title: t`Duration`, render: (d) => t`${d.seconds} s` },
    { key: 'ratio', title: t`Profit ratio`, render: (d) => formatPercent(d.profit_ratio).replace('+', '') },
    { key: 'min', title: t`Least stake`, render: (d) => `${d.min_stake} USDT` },
    { key: 'max', title: t`Most stake`, render: (d) => `${d.max_stake} USDT` },
    {
      key: 'status',
      title: t`Status`,
      render: (d) => (d.status === 1 ? <Tag tone="good">{t`Open`}</Tag> : <Tag tone="wait">{t`Withdrawn`}</Tag>),
    },
  ];

  const fields: FieldSpec[] = [
    {
      name: 'seconds',
      label: t`Duration (seconds)`,
      kind: 'integer',
      hint: t`${SECONDS_BOUNDS.minSeconds} to ${SECONDS_BOUNDS.maxSeconds} seconds`,
    },
    {
      name: 'profit_ratio',
      label: t`Profit ratio`,
      kind: 'decimal',
      hint: t`A win pays the stake × (1 + ratio); below 1, e.g. 0.2 for 20 %`,
    },
    { name: 'min_stake', label: t`Least stake (USDT)`, kind: 'decimal' },
    { name: 'max_stake', label: t`Most stake (USDT)`, kind: 'decimal', hint: t`At most 1,000,000` },
    {
      name: 'status',
      label: t`Status`,
      kind: 'select',
      options: [
        { value: '1', label: t`Open for new orders` },
        { value: '0', label: t`Withdrawn` },
      ],
    },
  ];

  const current = editing === 'new' ? null : editing;
  const detail = editing && (
    <Panel title={current ? t`${current.seconds} s duration` : t`New duration`}>
      <Note>
        <Trans>
          Applies to orders placed after saving. Orders already accepted keep their duration, ratio and stake; the
          result of every order is decided by the recorded prices alone.
        </Trans>
      </Note>
      <ProductForm
        key={current?.id ?? 'new'}
        fields={fields}
        schema={adminSecondsSave.request}
        extra={current ? { id: current.id } : {}}
        initial={{
          seconds: current ? String(current.seconds) : '',
          profit_ratio: current?.profit_ratio ?? '',
          min_stake: current?.min_stake ?? '10',
          max_stake: current?.max_stake ?? '5000',
          status: String(current?.status ?? 1),
        }}
        confirmTitle={t`Publish these terms for new seconds orders?`}
        onSubmit={(data) => call(adminSecondsSave, data)}
        onSaved={editor.saved}
        onCancel={editor.close}
      />
    </Panel>
  );

  return (
    <SectionPage
      title={<Trans>Seconds contracts</Trans>}
      actions={
        <AdminButton kind="primary" onClick={() => edit('new')}>
          <Trans>Add duration</Trans>
        </AdminButton>
      }
    >
      <CatalogList
        editor={editor}
        columns={columns}
        load={async () => onePage(await call(adminSecondsDurations))}
        rowKey={(d) => d.id}
        selectedKey={current?.id}
        empty={<Trans>No durations yet</Trans>}
        detail={detail}
      />
    </SectionPage>
  );
}
