import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Loan } from '@contract/loans';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import { formatMoney } from '@/lib/format';
import styles from './loans.module.css';

const AMOUNT = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,10})?$/;

interface LoanActionSheetProps {
  loan: Loan | null;
  action: 'repay' | 'add';
  busy: boolean;
  onConfirm: (amount: string) => void;
  onClose: () => void;
}

/** Repays (interest first) or adds collateral: the amount and what it pays or holds, before sending. */
export function LoanActionSheet({ loan, action, busy, onConfirm, onClose }: LoanActionSheetProps) {
  const { t } = useLingui();
  const [amount, setAmount] = useState('');
  const valid = AMOUNT.test(amount) && Number(amount) > 0;
  const repay = action === 'repay';
  const coin = loan?.collateral_name ?? '';
  return (
    <ConfirmSheet
      open={loan !== null}
      title={repay ? t`Repay loan` : t`Add collateral`}
      busy={busy || !valid}
      onConfirm={() => valid && onConfirm(amount)}
      onClose={onClose}
      confirmTestId="confirm-loan-action"
    >
      {loan && (
        <>
          <dl className={confirm.confirmList}>
            <dt>
              <Trans>Debt</Trans>
            </dt>
            <dd>{formatMoney(loan.debt, 'USDT')} USDT</dd>
            <dt>
              <Trans>Interest due</Trans>
            </dt>
            <dd>{formatMoney(loan.interest_due, 'USDT')} USDT</dd>
            <dt>
              <Trans>Collateral</Trans>
            </dt>
            <dd>
              {formatMoney(loan.collateral, coin)} {coin}
            </dd>
          </dl>
          <label className={styles.label} htmlFor="loan-action-amount">
            {repay ? t`Amount (USDT)` : t`Collateral to add (${coin})`}
          </label>
          <input
            id="loan-action-amount"
            className={styles.input}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value.trim())}
            data-testid="loan-action-amount"
          />
          {repay && (
            <>
              <button type="button" className={styles.term} onClick={() => setAmount(loan.debt)}>
                <Trans>Repay in full</Trans>
              </button>
              <p className={styles.rule}>
                <Trans>
                  Paid from your exchange account: the interest due first, then the principal. Repaid in full, the
                  collateral is released.
                </Trans>
              </p>
            </>
          )}
        </>
      )}
    </ConfirmSheet>
  );
}
