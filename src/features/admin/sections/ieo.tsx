import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { IeoProject } from '@contract/ieo';
import { adminProjectList, adminProjectSave } from '@contract/ieo';
import { currencyList } from '@contract/market';
import { formatDateTime } from '@/lib/format';
import { call } from '@/lib/http/client';
import { activeBcp47 } from '@/lib/i18n';
import { apiErrorsShown } from '@/lib/submit';
import { AdminButton, Panel, SectionPage, Tag, type Column } from '../components';
import { Note, ProductForm, toLocalInput, type FieldSpec } from '../products/form';
import { CatalogList, useCatalogEditor } from '../products/catalog';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'ieo',
  title: msg`IEO projects`,
  group: 'products',
  roles: ['admin'],
  order: 10,
};

type Coin = { value: string; label: string };

/** IEO projects: terms, sale window, lock period and listing time; terms freeze at the first subscription. */
export default function IeoSection() {
  const { t } = useLingui();
  const editor = useCatalogEditor<IeoProject | 'new'>();
  const { editing, edit } = editor;
  const [coins, setCoins] = useState<Coin[] | null>(null);
  const current = editing === 'new' ? null : editing;
  const when = (ms: number) => formatDateTime(ms, activeBcp47());

  useEffect(() => {
    let live = true;
    call(currencyList, { type: 'crypto' }).then(
      (list) => live && setCoins(list.map((c) => ({ value: String(c.id), label: c.name }))),
      (err: unknown) => {
        apiErrorsShown('currencies')(err);
        if (live) setCoins([]);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const states: Record<IeoProject['state'], string> = {
    warmup: t`Not started`,
    progress: t`Selling`,
    ended: t`Ended`,
  };
  const columns: Column<IeoProject>[] = [
    { key: 'name', title: t`Project`, render: (p) => `${p.name} (${p.coin_name})` },
    { key: 'price', title: t`Price`, render: (p) => `${p.price} ${p.pay_currency_name}` },
    { key: 'total', title: t`Supply`, render: (p) => p.total },
    { key: 'applied', title: t`Applied`, render: (p) => p.applied },
    { key: 'window', title: t`Sale`, render: (p) => `${when(p.start_at)} – ${when(p.end_at)}` },
    {
      key: 'state',
      title: t`State`,
      render: (p) => (
        <Tag tone={p.state === 'progress' ? 'good' : p.state === 'warmup' ? 'wait' : undefined}>{states[p.state]}</Tag>
      ),
    },
  ];

  const subscribed = current !== null && Number(current.applied) > 0;
  const fields: FieldSpec[] = [
    { name: 'name', label: t`Name`, kind: 'text' },
    { name: 'coin_id', label: t`Coin sold`, kind: 'select', options: coins ?? [], readOnly: subscribed },
    { name: 'pay_currency', label: t`Paid in`, kind: 'select', options: coins ?? [], readOnly: subscribed },
    { name: 'price', label: t`Issue price`, kind: 'decimal', readOnly: subscribed },
    { name: 'total', label: t`Supply`, kind: 'decimal', readOnly: subscribed },
    { name: 'min_amount', label: t`Least per subscription`, kind: 'decimal', readOnly: subscribed },
    { name: 'max_amount', label: t`Most per user`, kind: 'decimal', readOnly: subscribed },
    { name: 'start_at', label: t`Sale starts`, kind: 'datetime', readOnly: subscribed },
    { name: 'end_at', label: t`Sale ends`, kind: 'datetime', readOnly: subscribed },
    { name: 'lock_days', label: t`Lock days after the end`, kind: 'integer', readOnly: subscribed },
    { name: 'listing_at', label: t`Listing time (optional)`, kind: 'datetime' },
    { name: 'whitepaper', label: t`White paper link`, kind: 'text' },
    { name: 'website', label: t`Website`, kind: 'text' },
    { name: 'intro', label: t`Introduction`, kind: 'textarea' },
  ];

  const detail = editing && coins && (
    <Panel title={current ? current.name : t`New project`}>
      {subscribed && (
        <Note>
          <Trans>People have subscribed: only the texts and the listing time can change.</Trans>
        </Note>
      )}
      <ProductForm
        key={current?.id ?? 'new'}
        fields={fields}
        schema={adminProjectSave.request}
        extra={current ? { id: current.id } : {}}
        initial={{
          name: current?.name ?? '',
          coin_id: String(current?.coin_id ?? coins[0]?.value ?? ''),
          pay_currency: String(current?.pay_currency ?? coins.find((c) => c.label === 'USDT')?.value ?? ''),
          price: current?.price ?? '',
          total: current?.total ?? '',
          min_amount: current?.min_amount ?? '',
          max_amount: current?.max_amount ?? '',
          start_at: toLocalInput(current?.start_at),
          end_at: toLocalInput(current?.end_at),
          lock_days: String(current?.lock_days ?? 0),
          listing_at: toLocalInput(current?.listing_at),
          whitepaper: current?.whitepaper ?? '',
          website: current?.website ?? '',
          intro: current?.intro ?? '',
        }}
        confirmTitle={current ? t`Save the changes to ${current.name}?` : t`Create this project?`}
        onSubmit={(data) => call(adminProjectSave, data)}
        onSaved={editor.saved}
        onCancel={editor.close}
      />
    </Panel>
  );

  return (
    <SectionPage
      title={<Trans>IEO projects</Trans>}
      actions={
        <AdminButton kind="primary" onClick={() => edit('new')}>
          <Trans>New project</Trans>
        </AdminButton>
      }
    >
      <CatalogList
        editor={editor}
        columns={columns}
        load={(page) => call(adminProjectList, { page, limit: 20 })}
        rowKey={(p) => p.id}
        selectedKey={current?.id}
        empty={<Trans>No projects yet</Trans>}
        detail={detail}
      />
    </SectionPage>
  );
}
