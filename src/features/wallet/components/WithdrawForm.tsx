import { useState } from 'react';
import { Button, Dialog, Selector } from 'antd-mobile';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { CURRENCY_IDS, DEFAULT_FUND_ACCOUNT, type WithdrawMethod } from '@contract/fund';
import { FormField } from '@/components/FormField';
import { ApiError } from '@/lib/http';
import { reportUnexpected } from '@/lib/submit';
import { pages, type GoTo } from '@/lib/nav';
import { userAtom } from '@/lib/state';
import { useThrottledCallback } from '@/lib/throttle';
import { requestWithdraw } from '../api/withdraw';
import { useStepUp } from '@/components/StepUp';
import { useChosenCoin } from '../hooks/useChosenCoin';
import { mayHaveArrived, useIdempotencyKey } from '@/lib/idempotency';
import { useWalletList } from '../hooks/useWalletList';
import { useWithdrawTargets } from '../hooks/useWithdrawTargets';
import { checkAmount } from '../model/amount';
import { AMOUNT_MESSAGES } from '../model/amountMessages';
import { availableIn } from '../model/wallet';
import { chosenAddressId, minimumOf, receivedAmount } from '../model/withdraw';
import { AmountField } from './AmountField';
import { ConfirmWithdraw, type WithdrawSummary } from './ConfirmWithdraw';
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
  const [busy, setBusy] = useState(false);

  const info = targets.info.value;
  const addresses = targets.addresses.value?.data;
  const addressId = chosenAddressId(addresses, tappedAddressId);
  const address = addresses?.find((a) => a.id === addressId) ?? null;
  const net =
    info?.networks.find((n) => n.network === address?.network) ??
    info?.networks.find((n) => n.network === info.default_network);
  const terms =
    method === 'address' ? (net ? { fee: net.withdraw_fee, min: net.withdraw_min } : undefined) : info?.[method];
  const arrival =
    method === 'address'
      ? net
        ? t`About ${plural(net.arrival_minutes, { one: '# minute', other: '# minutes' })}`
        : '--'
      : method === 'bank'
        ? (info?.bank.arrival ?? '--')
        : t`5-7 business days`;
  const available = availableIn(wallet.value, DEFAULT_FUND_ACCOUNT, CURRENCY_IDS[coin]);
  const received = receivedAmount(amount, terms);
  const card =
    method === 'bank'
      ? targets.bank.value?.card_number
      : method === 'international'
        ? targets.international.value?.account_number
        : null;
  const destination = method === 'address' ? (address?.address ?? '') : (card ?? '');
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

  const confirm = useThrottledCallback(async (payPassword: string) => {
    if (busy || !summary) return;
    setBusy(true);
    try {
      const data = { currency: coin, method, account: DEFAULT_FUND_ACCOUNT, amount: summary.amount };
      const params = method === 'address' ? { ...data, address_id: addressId ?? undefined } : data;
      // Confirmed with the second factor for exactly these fields; cancelled, nothing is sent.
      const step_up = await stepUp.confirm('withdraw', params);
      if (!step_up) return;
      await requestWithdraw({ ...params, pay_password: payPassword, step_up }, idem.current());
      idem.renew();
      setSummary(null);
      setAmount('');
      await wallet.refresh();
      await Dialog.alert({ content: t`Withdrawal submitted. The amount is held until review.`, confirmText: t`OK` });
      onNavigate(pages.fund.receive_withdraw_record);
    } catch (e) {
      // Refused (wrong password, over the limit): the message was shown; the next try is a new action.
      if (!mayHaveArrived(e)) idem.renew();
      if (!(e instanceof ApiError)) reportUnexpected(e, 'withdraw');
    } finally {
      setBusy(false);
    }
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
        <dl className={styles.summary}>
          <dt>
            <Trans>Fee</Trans>
          </dt>
          <dd>{terms ? `${terms.fee} ${coin}` : '--'}</dd>
          <dt>
            <Trans>Minimum</Trans>
          </dt>
          <dd>{terms ? `${minimumOf(terms)} ${coin}` : '--'}</dd>
          <dt>
            <Trans>You receive</Trans>
          </dt>
          <dd data-testid="withdraw-received">{received ? `${received} ${coin}` : '--'}</dd>
          <dt>
            <Trans>Arrival</Trans>
          </dt>
          <dd>{arrival}</dd>
        </dl>
      </section>
      <Button className={styles.submit} block color="primary" size="large" onClick={review}>
        <Trans>Withdraw</Trans>
      </Button>
      <ConfirmWithdraw summary={summary} busy={busy} onCancel={() => setSummary(null)} onConfirm={confirm} />
      {stepUp.sheet}
    </div>
  );
}
