import { useState } from 'react';
import { Button, Input, Selector } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { submitReal, type IdType } from '@contract/identity';
import { FormField, messageFor, type FieldError } from '@/components/FormField';
import { useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { requestReal } from '../api/identity';
import styles from './identity.module.css';

/** Basic verification: document type, name and document number. */
export function LevelOneForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useLingui();
  const validate = useValidator();
  const [v, setV] = useState<{ id_type: IdType; name: string; card_id: string }>({
    id_type: 'id_card',
    name: '',
    card_id: '',
  });
  const [error, setError] = useState<FieldError | null>(null);

  const { submit, busy } = useSubmit(
    async () => {
      const data = { real_type: '1' as const, ...v };
      const checked = validate(submitReal.request, {
        ...data,
        name: v.name || undefined,
        card_id: v.card_id || undefined,
      });
      if (!checked.ok) return setError(checked);
      setError(null);
      await requestReal(data);
      onSubmitted();
    },
    { name: 'identity level 1' },
  );

  return (
    <>
      <FormField label={t`Document type`}>
        <Selector
          options={[
            { value: 'id_card' as IdType, label: t`ID card` },
            { value: 'passport' as IdType, label: t`Passport` },
            { value: 'driver_license' as IdType, label: t`Driver's license` },
          ]}
          columns={3}
          value={[v.id_type]}
          onChange={(x) => x[0] && setV((o) => ({ ...o, id_type: x[0]! }))}
          showCheckMark={false}
        />
      </FormField>
      <FormField label={t`Full name`} htmlFor="real-name" error={messageFor(error, 'name')}>
        <Input
          id="real-name"
          aria-label={t`Full name`}
          value={v.name}
          onChange={(name) => setV((o) => ({ ...o, name }))}
          clearable
        />
      </FormField>
      <FormField label={t`Document number`} htmlFor="real-card" error={messageFor(error, 'card_id')}>
        <Input
          id="real-card"
          aria-label={t`Document number`}
          value={v.card_id}
          onChange={(card_id) => setV((o) => ({ ...o, card_id: card_id.trim() }))}
          clearable
        />
      </FormField>
      <Button className={styles.submit} block color="primary" loading={busy} disabled={busy} onClick={submit}>
        <Trans>Submit for review</Trans>
      </Button>
    </>
  );
}
