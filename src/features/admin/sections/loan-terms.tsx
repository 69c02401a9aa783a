import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminLoanTerms, adminLoanTermsSave, type AdminLoanTerms } from '@contract/loans';
import { formatRate } from '@/lib/format';
import { call } from '@/lib/http/client';
import { Panel, SectionPage, Tag, type Column } from '../components';
import { CatalogList, useCatalogEditor } from '../products/catalog';
import { Note, onePage, ProductForm, type FieldSpec } from '../products/form';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'loan-terms',
  title: msg`Loan terms`,
  group: 'products',
  roles: ['admin'],
  order: 70,
};

/** Crypto loan terms per collateral coin: LTVs, hourly rate, limits, terms offered, open or withdrawn. */
export default function LoanTermsSection() {
  const { t } = useLingui();
  const editor = useCatalogEditor<AdminLoanTerms>();
  const current = editor.editing;
  const days = (terms: number[]) => terms.map((d) => (d === 0 ? t`open` : t`${d} d`)).join(', ');

  const columns: Column<AdminLoanTerms>[] = [
    { key: 'coin', title: t`Collateral`, render: (x) => x.collateral_name },
    {
      key: 'ltv',
      title: t`LTV: initial / call / liquidation`,
      render: (x) =>
        `${formatRate(x.initial_ltv)} / ${formatRate(x.margin_call_ltv)} / ${formatRate(x.liquidation_ltv)}`,
    },
    { key: 'rate', title: t`Hourly rate`, render: (x) => x.hourly_rate },
    { key: 'limits', title: t`Amount`, render: (x) => `${x.min_amount} – ${x.max_amount} ${x.loan_currency_name}` },
    { key: 'terms', title: t`Terms`, render: (x) => days(x.terms) },
    {
      key: 'status',
      title: t`Status`,
      render: (x) => (x.status === 1 ? <Tag tone="good">{t`Open`}</Tag> : <Tag tone="wait">{t`Withdrawn`}</Tag>),
    },
  ];

  const fields: FieldSpec[] = [
    { name: 'initial_ltv', label: t`Initial LTV`, kind: 'decimal', hint: t`A fraction: 0.65 is 65 %` },
    { name: 'margin_call_ltv', label: t`Margin-call LTV`, kind: 'decimal', hint: t`Above the initial LTV` },
    {
      name: 'liquidation_ltv',
      label: t`Liquidation LTV`,
      kind: 'decimal',
      hint: t`Above the margin-call LTV, below 1`,
    },
    { name: 'hourly_rate', label: t`Hourly rate`, kind: 'decimal', hint: t`A fraction: 0.000005 is 0.0005 % an hour` },
    { name: 'min_amount', label: t`Minimum amount (USDT)`, kind: 'decimal' },
    { name: 'max_amount', label: t`Maximum amount (USDT)`, kind: 'decimal' },
    { name: 'terms', label: t`Terms in days`, kind: 'text', hint: t`Among 7, 14, 30 and 0 (open), comma-separated` },
    {
      name: 'status',
      label: t`Status`,
      kind: 'select',
      options: [
        { value: '1', label: t`Open for new loans` },
        { value: '0', label: t`Withdrawn` },
      ],
    },
  ];

  const detail = current && (
    <Panel title={t`${current.collateral_name} collateral`} label={t`${current.collateral_name} collateral`}>
      <Note>
        <Trans>New loans take the saved terms at once; loans already taken keep the terms they were taken with.</Trans>
      </Note>
      <ProductForm
        key={`${current.id}:${current.updated_at}`}
        fields={fields}
        schema={adminLoanTermsSave.request}
        extra={{ id: current.id }}
        initial={{
          initial_ltv: current.initial_ltv,
          margin_call_ltv: current.margin_call_ltv,
          liquidation_ltv: current.liquidation_ltv,
          hourly_rate: current.hourly_rate,
          min_amount: current.min_amount,
          max_amount: current.max_amount,
          terms: current.terms.join(', '),
          status: String(current.status),
        }}
        confirmTitle={t`Save the ${current.collateral_name} loan terms?`}
        onSubmit={(data) => call(adminLoanTermsSave, { ...data, terms: data.terms.join(',') })}
        onSaved={editor.saved}
        onCancel={editor.close}
      />
    </Panel>
  );

  return (
    <SectionPage title={<Trans>Loan terms</Trans>}>
      <CatalogList
        editor={editor}
        columns={columns}
        load={async () => onePage(await call(adminLoanTerms))}
        rowKey={(x) => x.id}
        selectedKey={current?.id}
        empty={<Trans>No loan terms yet</Trans>}
        detail={detail}
      />
    </SectionPage>
  );
}
