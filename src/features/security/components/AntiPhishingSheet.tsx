import { useState } from 'react';
import { Input, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { ANTI_PHISHING_MAX, antiPhishingSet, type AntiPhishing } from '@contract/anti-phishing';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import { FormField } from '@/components/FormField';
import { useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { saveAntiPhishing } from '../api/antiPhishing';
import type { ProtectionProps } from './AuthenticatorList';
import styles from './security.module.css';

export interface AntiPhishingSheetProps extends Pick<ProtectionProps, 'confirm'> {
  open: boolean;
  /** The code set now (null: none, the first one needs no confirmation). */
  code: string | null;
  onClose: () => void;
  onSaved: (state: AntiPhishing) => void;
}

/** Sets or changes the code, checked by the server's own rules first; a change is confirmed for the new code. */
export function AntiPhishingSheet({ open, code, confirm, onClose, onSaved }: AntiPhishingSheetProps) {
  const { t } = useLingui();
  const validate = useValidator();
  // Mounted afresh for each opening (the list keys it), so it starts from the code set now.
  const [value, setValue] = useState(code ?? '');
  const [error, setError] = useState('');

  const save = useSubmit(
    async () => {
      const checked = validate(antiPhishingSet.request, { anti_phishing_code: value });
      if (!checked.ok) return setError(checked.message);
      const next = checked.data.anti_phishing_code;
      let token: string | undefined;
      if (code !== null && next !== code) {
        token = (await confirm('anti_phishing', { anti_phishing_code: next })) ?? undefined;
        if (!token) return;
      }
      onSaved(await saveAntiPhishing(next, token));
      Toast.show({ icon: 'success', content: t`Anti-phishing code saved` });
    },
    { name: 'save anti-phishing code' },
  );

  return (
    <ConfirmSheet
      open={open}
      title={code ? t`Change the anti-phishing code` : t`Set an anti-phishing code`}
      busy={save.busy}
      onConfirm={() => void save.submit()}
      onClose={onClose}
      confirmLabel={<Trans>Save</Trans>}
      confirmTestId="anti-phishing-save"
    >
      <p className={styles.hint}>
        <Trans>
          4 to 20 letters, digits or spaces, in any language. Never share it, and never type it in after a link in a
          message.
        </Trans>
      </p>
      <FormField label={t`Anti-phishing code`} htmlFor="anti-phishing-input" error={error}>
        <Input
          id="anti-phishing-input"
          aria-label={t`Anti-phishing code`}
          maxLength={ANTI_PHISHING_MAX * 2}
          autoComplete="off"
          value={value}
          onChange={(v) => {
            setValue(v);
            setError('');
          }}
          onEnterPress={() => void save.submit()}
        />
      </FormField>
    </ConfirmSheet>
  );
}
