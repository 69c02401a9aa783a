import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { PasswordInput } from '@/components/PasswordInput';
import { FormField } from '@/components/FormField';
import styles from './wallet.module.css';

export interface WithdrawSummary {
  amount: string;
  fee: string;
  received: string;
  arrival: string;
  destination: string;
  coin: string;
}

interface ConfirmWithdrawProps {
  summary: WithdrawSummary | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (payPassword: string) => void;
}

/** The last step before money moves: what leaves, what arrives, when, and the pay password. */
export function ConfirmWithdraw({ summary, busy, onCancel, onConfirm }: ConfirmWithdrawProps) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const confirm = () => {
    if (!password) return setError(t`Please enter the payment password`);
    setError('');
    onConfirm(password);
  };
  return (
    <Popup
      visible={summary !== null}
      onMaskClick={onCancel}
      onClose={() => setPassword('')}
      bodyClassName={styles.sheet}
      destroyOnClose
    >
      {summary && (
        <div role="dialog" aria-label={t`Confirm withdrawal`}>
          <h2 className={styles.sheetTitle}>
            <Trans>Confirm withdrawal</Trans>
          </h2>
          <dl className={styles.summary}>
            <dt>
              <Trans>Amount</Trans>
            </dt>
            <dd>
              {summary.amount} {summary.coin}
            </dd>
            <dt>
              <Trans>Fee</Trans>
            </dt>
            <dd>
              {summary.fee} {summary.coin}
            </dd>
            <dt>
              <Trans>You receive</Trans>
            </dt>
            <dd>
              {summary.received} {summary.coin}
            </dd>
            <dt>
              <Trans>Arrival</Trans>
            </dt>
            <dd>{summary.arrival}</dd>
            <dt>
              <Trans>To</Trans>
            </dt>
            <dd>{summary.destination}</dd>
          </dl>
          <FormField label={t`Payment password`} htmlFor="pay-password" error={error}>
            <PasswordInput
              id="pay-password"
              label={t`Payment password`}
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              onEnterPress={confirm}
            />
          </FormField>
          <div className={styles.sheetButtons}>
            <Button block onClick={onCancel} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button block color="primary" loading={busy} disabled={busy} onClick={confirm}>
              <Trans>Confirm</Trans>
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
