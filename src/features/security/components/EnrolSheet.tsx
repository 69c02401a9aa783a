import { useEffect, useState } from 'react';
import { Button, DotLoading, Input, Popup, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormField } from '@/components/FormField';
import { copyText } from '@/lib/clipboard';
import { ApiError } from '@/lib/http';
import { apiErrorsShown, useSubmit } from '@/lib/submit';
import { confirmTotp, startTotp } from '../api/security';
import styles from './security.module.css';

interface Setup {
  secret: string;
  qr: string;
}

interface EnrolSheetProps {
  open: boolean;
  onClose: () => void;
  onEnrolled: () => void;
}

/**
 * Enrolling the authenticator app: scan the QR code (or type the key), enter the app's first code,
 * then save the recovery codes, which are shown this once.
 */
export function EnrolSheet({ open, onClose, onEnrolled }: EnrolSheetProps) {
  const { t } = useLingui();
  return (
    <Popup visible={open} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <div role="dialog" aria-label={t`Authenticator app`}>
        <h2 className={styles.sheetTitle}>
          <Trans>Authenticator app</Trans>
        </h2>
        {open && <EnrolFlow onClose={onClose} onEnrolled={onEnrolled} />}
      </div>
    </Popup>
  );
}

/** Mounted while the sheet is open: each opening starts with a new key. */
function EnrolFlow({ onClose, onEnrolled }: Omit<EnrolSheetProps, 'open'>) {
  const { t } = useLingui();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    startTotp().then(setSetup, (e: unknown) => {
      apiErrorsShown('security')(e);
      onClose();
    });
  }, [onClose]);

  const copy = async (text: string) => {
    const ok = await copyText(text);
    Toast.show(
      ok
        ? { icon: 'success', content: t`Copied` }
        : { icon: 'fail', content: t`Copying is not available on this device.` },
    );
  };

  if (codes) return <RecoveryCodes codes={codes} onCopy={(text) => void copy(text)} onDone={onClose} />;
  if (!setup) {
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  return (
    <ScanStep
      setup={setup}
      onCopy={(text) => void copy(text)}
      onConfirmed={(recovery) => {
        setCodes(recovery);
        onEnrolled();
      }}
    />
  );
}

function ScanStep({
  setup,
  onCopy,
  onConfirmed,
}: {
  setup: Setup;
  onCopy: (text: string) => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const confirm = useSubmit(
    async () => {
      if (!/^\d{6}$/.test(code.trim())) return setError(t`Enter the 6-digit code`);
      setError('');
      try {
        const { recovery_codes } = await confirmTotp(code.trim());
        onConfirmed(recovery_codes);
      } catch (e) {
        if (e instanceof ApiError) setError(e.message);
        else throw e;
      }
    },
    { name: 'confirm authenticator' },
  );

  return (
    <>
      <p className={styles.hint}>
        <Trans>Scan this code with an authenticator app (for example Google Authenticator or 1Password).</Trans>
      </p>
      <img className={styles.qr} src={setup.qr} alt={t`QR code of the authenticator key`} width={180} height={180} />
      <p className={styles.hint}>
        <Trans>Or enter this key in the app:</Trans>
      </p>
      <button type="button" className={styles.secret} onClick={() => onCopy(setup.secret)} data-testid="totp-secret">
        {setup.secret}
      </button>
      <FormField label={t`Code from the app`} htmlFor="totp-code" error={error}>
        <Input
          className={styles.code}
          id="totp-code"
          aria-label={t`Code from the app`}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={setCode}
          onEnterPress={() => void confirm.submit()}
        />
      </FormField>
      <Button
        block
        color="primary"
        loading={confirm.busy}
        onClick={() => void confirm.submit()}
        data-testid="totp-confirm"
      >
        <Trans>Turn on</Trans>
      </Button>
    </>
  );
}

function RecoveryCodes({
  codes,
  onCopy,
  onDone,
}: {
  codes: string[];
  onCopy: (text: string) => void;
  onDone: () => void;
}) {
  return (
    <>
      <p className={styles.hint}>
        <Trans>
          The app is on. Save these recovery codes somewhere safe: each one works once, in place of the app&apos;s code,
          if you lose your phone. They are shown only now.
        </Trans>
      </p>
      <ol className={styles.codes} data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Button block fill="outline" color="primary" onClick={() => onCopy(codes.join('\n'))}>
        <Trans>Copy the codes</Trans>
      </Button>
      <Button block color="primary" className={styles.done} onClick={onDone} data-testid="recovery-done">
        <Trans>I have saved them</Trans>
      </Button>
    </>
  );
}
