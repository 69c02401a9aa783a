import { useMemo, useState } from 'react';
import { Button, Input, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { findAreaByIso } from '@contract/domain/areas';
import { bindMobile, mobileToBind } from '@contract/identity';
import { FormField, messageFor, VerificationCodeField, type FieldError } from '@/components/FormField';
import { languageAtom } from '@/lib/state';
import { apiErrorsShown, useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { refreshUser, requestBindMobile, sendBindMobileCode } from '../api/identity';
import { areaOptions, defaultAreaIso } from '../model/areaOptions';
import styles from './identity.module.css';

/** Binds a mobile number with an SMS code sent to it. */
export function BindMobileForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const validate = useValidator();
  const locale = useAtomValue(languageAtom);
  const options = useMemo(() => areaOptions(locale), [locale]);
  const [iso, setIso] = useState(() => defaultAreaIso(locale));
  const [v, setV] = useState({ mobile: '', code: '' });
  const [error, setError] = useState<FieldError | null>(null);
  const values = () => ({ ...v, area_code: findAreaByIso(iso)?.code ?? '' });

  const send = async () => {
    const checked = validate(mobileToBind, values());
    if (!checked.ok) {
      setError(checked);
      return false;
    }
    setError(null);
    return (await sendBindMobileCode(checked.data)).resend_in;
  };

  const { submit, busy } = useSubmit(
    async () => {
      const checked = validate(bindMobile.request, values());
      if (!checked.ok) return setError(checked);
      setError(null);
      await requestBindMobile(checked.data);
      await refreshUser().catch(apiErrorsShown('bind mobile'));
      Toast.show({ icon: 'success', content: t`Mobile number bound` });
      onDone();
    },
    { name: 'bind mobile' },
  );

  return (
    <section className={styles.card}>
      <FormField label={t`Country or area`} htmlFor="bind-area" error={messageFor(error, 'area_code')}>
        <select id="bind-area" className={styles.select} value={iso} onChange={(e) => setIso(e.target.value)}>
          {options.map((o) => (
            <option key={o.iso} value={o.iso}>
              {o.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t`Mobile number`} htmlFor="bind-mobile" error={messageFor(error, 'mobile')}>
        <Input
          id="bind-mobile"
          aria-label={t`Mobile number`}
          type="tel"
          inputMode="tel"
          value={v.mobile}
          onChange={(mobile) => setV((o) => ({ ...o, mobile }))}
          clearable
        />
      </FormField>
      <VerificationCodeField
        id="bind-mobile-code"
        value={v.code}
        onChange={(code) => setV((o) => ({ ...o, code }))}
        error={messageFor(error, 'code')}
        timerKey="bind-mobile"
        onSend={send}
      />
      <Button className={styles.submit} block color="primary" loading={busy} disabled={busy} onClick={submit}>
        <Trans>Bind mobile number</Trans>
      </Button>
    </section>
  );
}
