import { useState } from 'react';
import { Button, DotLoading, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { cashSave, cashSaveInternational } from '@contract/fund';
import { useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { fetchBankCard, fetchInternationalCard, saveBankCard, saveInternationalCard } from '../api/binding';
import { useCachedQuery } from '../hooks/useCachedQuery';
import { TextFields, type TextFieldDef } from './TextFields';
import styles from './wallet.module.css';

type Kind = 'bank' | 'international';

function useFields(kind: Kind): TextFieldDef<string>[] {
  const { t } = useLingui();
  if (kind === 'bank') {
    return [
      { name: 'real_name', label: t`Real name` },
      { name: 'card_number', label: t`Card number` },
      { name: 'bank_name', label: t`Bank name` },
      { name: 'bank_branch', label: t`Branch` },
      { name: 'province_city', label: t`Province and city` },
      { name: 'aba_number', label: t`ABA number` },
      { name: 'swift_code', label: t`SWIFT code` },
      { name: 'phone', label: t`Phone` },
      { name: 'holder_address', label: t`Holder address` },
    ];
  }
  return [
    { name: 'payee_name', label: t`Payee name` },
    { name: 'account_number', label: t`Account number (IBAN if needed)` },
    { name: 'swift_code', label: t`SWIFT/BIC code` },
    { name: 'bank_address', label: t`Bank address` },
    { name: 'street_address', label: t`Street address` },
    { name: 'city', label: t`City` },
    { name: 'country', label: t`Country` },
  ];
}

const API = {
  bank: { schema: cashSave.request, load: fetchBankCard, save: saveBankCard },
  international: { schema: cashSaveInternational.request, load: fetchInternationalCard, save: saveInternationalCard },
};

/** Binds the domestic or the international (SWIFT) bank card; every field is required. */
export function BankCardForm({ kind, onDone }: { kind: Kind; onDone: () => void }) {
  const { t } = useLingui();
  const validate = useValidator();
  const fields = useFields(kind);
  const api = API[kind];
  const bound = useCachedQuery<Record<string, string> | null>(
    `fund:${kind === 'bank' ? 'bank' : 'bank-international'}`,
    api.load,
  );
  const [edited, setEdited] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const empty = Object.fromEntries(fields.map((f) => [f.name, '']));

  // Start from the bound card once it is known; after the first keystroke the typed values rule.
  const known = bound.value !== undefined || bound.stale;
  const values = edited ?? (bound.ready && known ? { ...empty, ...(bound.value ?? {}) } : null);

  const { submit, busy } = useSubmit(
    async () => {
      if (!values) return;
      const checked = validate(api.schema, values);
      if (!checked.ok) return setError(checked);
      setError(null);
      await api.save(checked.data as never);
      await bound.refresh();
      Toast.show({ icon: 'success', content: t`Bank card saved` });
      onDone();
    },
    { name: 'bank card' },
  );

  if (!values) {
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      {kind === 'international' && (
        <p className={styles.hint}>
          <Trans>SWIFT transfers take 5-7 business days to arrive.</Trans>
        </p>
      )}
      <section className={styles.form}>
        <TextFields
          fields={fields}
          values={values}
          onChange={(k, v) => setEdited({ ...values, [k]: v })}
          error={error}
        />
      </section>
      <Button
        className={styles.submit}
        block
        color="primary"
        size="large"
        loading={busy}
        disabled={busy}
        onClick={submit}
      >
        <Trans>Save</Trans>
      </Button>
    </div>
  );
}
