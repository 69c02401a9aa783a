import { useState } from 'react';
import { Button, Dialog, Selector } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { CURRENCY_IDS, DEFAULT_FUND_ACCOUNT, type WithdrawMethod } from '@contract/fund';
import { FormField } from '@/components/FormField';
import { pages, type GoTo } from '@/lib/nav';
import { userAtom } from '@/lib/state';
import { useChosenCoin } from '../hooks/useChosenCoin';
import { useIdempotencyKey } from '@/lib/idempotency';
import { useStepUp } from '@/components/StepUp';
import { useWalletList } from '../hooks/useWalletList';
import { useWithdrawSubmit } from '../hooks/useWithdrawSubmit';
import { useWithdrawTargets } from '../hooks/useWithdrawTargets';
import { useWithdrawTerms } from '../hooks/useWithdrawTerms';
import { checkAmount } from '../model/amount';
import { AMOUNT_MESSAGES } from '../model/amountMessages';
import { availableIn } from '../model/wallet';
import { minimumOf, receivedAmount } from '../model/withdraw';
import { AmountField } from './AmountField';
import { ConfirmWithdraw, type WithdrawSummary } from './ConfirmWithdraw';
import { WithdrawFigures } from './WithdrawFigures';
import { WithdrawTarget } from './WithdrawTarget';
import styles from './wallet.module.css';

/** Withdrawal: where to, how much, the fee and what arrives, then the pay password. */
export function WithdrawForm({ onNavigate }: { onNavigate: (to: GoTo) => void }) {
  const { t, i18n } = useLingui();
  const coin = useChosenCoin();
  const user = useAtomValue(userAtom);
  const [method, setMethod] = useState<WithdrawMethod>('address');
  const targets = useWithdrawTargets(coin, method);
  const wallet = useWalletList();
  const idem = useIdempotencyKey();
  const stepUp = useStepUp();
  const [tappedAddressId, setAddressId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; target?: string }>({});
  const [summary, setSummary] = useState<WithdrawSummary | null>(null);
  const { addresses, addressId, terms, arrival, card, destination } = useWithdrawTerms(
    targets,
    method,
    tappedAddressId,
  );
  const available = availableIn(wallet.value, DEFAULT_FUND_ACCOUNT, CURRENCY_IDS[coin]);
  const received = receivedAmount(amount, terms);
  const methods = [
    { value: 'address' as WithdrawMethod, label: t`Wallet address` },
    ...(coin === 'USDT'
      ? [
          { value: 'bank' as WithdrawMethod, label: t`Bank card` },
          { value: 'international' as WithdrawMethod, label: t`SWIFT` },
        ]
      : []),
  ];

  const review = () => {
    const checked = checkAmount(amount, { available, min: minimumOf(terms) });
    const target = !destination
      ? method === 'address'
        ? t`Please select the withdrawal address`
        : t`Please add a bank card`
      : undefined;
    setErrors({ amount: checked.ok ? undefined : i18n._(AMOUNT_MESSAGES[checked.problem]), target });
    if (!checked.ok || target || !terms) return;
    if (user && !user.has_pay_password) {
      void Dialog.confirm({
        content: t`Set a payment password before withdrawing.`,
        confirmText: t`Set now`,
        cancelText: t`Cancel`,
      }).then((go) => go && onNavigate(pages.setting.payPassword));
      return;
    }
    setSummary({
      amount: checked.value,
      fee: terms.fee,
      received: receivedAmount(checked.value, terms) ?? '0',
      arrival,
      destination,
      coin,
    });
  };

  const { busy, confirm } = useWithdrawSubmit({
    coin,
    method,
    addressId,
    summary,
    idem,
    onSubmitted: () => {
      setSummary(null);
      setAmount('');
    },
    refreshWallet: wallet.refresh,
    confirmStepUp: stepUp.confirm,
    onNavigate,
  });

  return (
    <div className={styles.page}>
      <section className={styles.form}>
        <FormField label={t`Withdraw ${coin} to`}>
          <Selector
            options={methods}
            columns={methods.length}
            value={[method]}
            onChange={(v) => v[0] && (setMethod(v[0]), idem.renew(), setErrors({}))}
            showCheckMark={false}
          />
        </FormField>
        <WithdrawTarget
          method={method}
          addresses={addresses}
          addressId={addressId}
          onAddress={setAddressId}
          card={card}
          onBind={onNavigate}
          error={errors.target}
        />
        <AmountField
          label={t`Amount`}
          value={amount}
          onChange={(v) => (setAmount(v), idem.renew())}
          unit={coin}
          onMax={() => setAmount(available)}
          hint={t`Available: ${available} ${coin}`}
          error={errors.amount}
        />
        <WithdrawFigures coin={coin} terms={terms} received={received} arrival={arrival} />
      </section>
      <Button className={styles.submit} block color="primary" size="large" onClick={review}>
        <Trans>Withdraw</Trans>
      </Button>
      <ConfirmWithdraw summary={summary} busy={busy} onCancel={() => setSummary(null)} onConfirm={confirm} />
      {stepUp.sheet}
    </div>
  );
}
