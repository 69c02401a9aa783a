import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Input } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  overview,
  stepUpStart,
  stepUpVerify,
  type Factor,
  type StepUpAction,
  type WebAuthnOptions,
} from '@contract/security';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import { FormField } from '@/components/FormField';
import { ApiError, call } from '@/lib/http';
import { signWithPasskey } from '@/lib/passkey';

interface Pending {
  id: number;
  factor: Factor;
  destination: string;
  /** The options the passkey signs (factor `passkey`). */
  passkey: WebAuthnOptions | null;
  resolve: (token: string | null) => void;
}

/**
 * Second-factor confirmation of one action: `confirm(action, params)` asks the server for a
 * confirmation of exactly these parameters (the fields the action will send, without secrets),
 * shows a sheet for the user's strongest factor (a passkey's prompt, or a code), and answers the
 * token the action
 * sends as `step_up` (null when the user cancels). Render `sheet` once in the screen.
 */
export function useStepUp(): {
  confirm: (action: StepUpAction, params: object) => Promise<string | null>;
  sheet: ReactNode;
} {
  const { t } = useLingui();
  const [pending, setPending] = useState<Pending | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pendingRef = useRef<Pending | null>(null);

  const confirm = useCallback(async (action: StepUpAction, params: object) => {
    const started = await call(stepUpStart, { action, params: JSON.stringify(params) });
    return new Promise<string | null>((resolve) => {
      const next = { ...started, resolve };
      pendingRef.current = next;
      setCode('');
      setError('');
      setPending(next);
    });
  }, []);

  const close = (token: string | null) => {
    pendingRef.current?.resolve(token);
    pendingRef.current = null;
    setPending(null);
  };

  const verify = async () => {
    if (!pending || busy) return;
    if (pending.factor !== 'passkey' && !code.trim()) return setError(t`Please enter the code`);
    setBusy(true);
    try {
      let proof: { code: string } | { credential: string } = { code: code.trim() };
      if (pending.factor === 'passkey') {
        const credential = pending.passkey ? await signWithPasskey(pending.passkey) : null;
        if (!credential) return setError(t`The passkey was not used. Please try again.`);
        proof = { credential };
      }
      const { token } = await call(stepUpVerify, { id: pending.id, ...proof }, { silent: true });
      close(token);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t`Please try again`);
    } finally {
      setBusy(false);
    }
  };

  const destination = pending?.destination ?? '';
  const prompt =
    pending?.factor === 'passkey'
      ? t`Confirm with your passkey: your fingerprint, face or screen lock.`
      : pending?.factor === 'totp'
        ? t`Enter the 6-digit code from your authenticator app, or a recovery code.`
        : t`Enter the verification code sent to ${destination}.`;

  const sheet = (
    <ConfirmSheet
      open={pending !== null}
      title={t`Confirm it is you`}
      busy={busy}
      onConfirm={() => void verify()}
      onClose={() => close(null)}
      confirmTestId="step-up-confirm"
      confirmLabel={pending?.factor === 'passkey' ? <Trans>Use passkey</Trans> : undefined}
    >
      <p>{prompt}</p>
      {pending?.factor === 'passkey' ? (
        error && (
          <p role="alert" style={{ color: 'var(--adm-color-danger)' }}>
            {error}
          </p>
        )
      ) : (
        <FormField label={t`Code`} htmlFor="step-up-code" error={error}>
          <Input
            id="step-up-code"
            aria-label={t`Code`}
            autoComplete="one-time-code"
            inputMode={pending?.factor === 'totp' ? 'text' : 'numeric'}
            value={code}
            onChange={setCode}
            onEnterPress={() => void verify()}
          />
        </FormField>
      )}
    </ConfirmSheet>
  );
  return { confirm, sheet };
}

/**
 * For a change whose baseline proof is an emailed code (the login and pay passwords): asks for a
 * confirmation only when the account has a stronger factor (a passkey or the authenticator app),
 * as the server does. Answers the token, undefined when none is needed, or null when the user
 * cancelled.
 */
export async function confirmIfStronger(
  confirm: ReturnType<typeof useStepUp>['confirm'],
  action: StepUpAction,
): Promise<string | undefined | null> {
  const { strongest } = await call(overview, {});
  return strongest === 'code' ? undefined : confirm(action, {});
}
