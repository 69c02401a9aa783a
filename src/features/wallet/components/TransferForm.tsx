import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/http';
import { reportUnexpected } from '@/lib/submit';
import { useThrottledCallback } from '@/lib/throttle';
import { requestWalletChange } from '../api/walletChange';
import { mayHaveArrived, useIdempotencyKey } from '@/lib/idempotency';
import { useWalletList } from '../hooks/useWalletList';
import { ACCOUNTS, type AccountName } from '../model/accounts';
import { checkAmount } from '../model/amount';
import { AMOUNT_MESSAGES } from '../model/amountMessages';
import { ACCOUNT_LABELS } from '../model/labels';
import { availableIn, currenciesOf } from '../model/wallet';
import { AmountField } from './AmountField';
import { AsOf } from './AsOf';
import { PickerField } from './PickerField';
import { SwapIcon } from './icons';
import styles from './wallet.module.css';

/** Moves one currency between two of the user's own accounts. */
export function TransferForm() {
  const { t, i18n } = useLingui();
  const wallet = useWalletList();
  const idem = useIdempotencyKey();
  const [from, setFrom] = useState<AccountName>('legal');
  const [to, setTo] = useState<AccountName>('change');
  const [currency, setCurrency] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const currencies = currenciesOf(wallet.value);
  const chosen = currency ?? currencies.find((c) => c.name === 'USDT')?.id ?? currencies[0]?.id ?? null;
  const coin = currencies.find((c) => c.id === chosen)?.name ?? '';
  const available = chosen === null ? '0' : availableIn(wallet.value, from, chosen);
  const accountOptions = ACCOUNTS.map((a) => ({ value: a, label: i18n._(ACCOUNT_LABELS[a]) }));

  const change = (setter: () => void) => {
    setter();
    setError('');
    idem.renew();
  };
  const pickFrom = (v: string) => change(() => (setFrom(v as AccountName), v === to && setTo(from)));
  const pickTo = (v: string) => change(() => (setTo(v as AccountName), v === from && setFrom(to)));

  const submit = useThrottledCallback(async () => {
    if (busy || chosen === null) return;
    const checked = checkAmount(amount, { available });
    if (!checked.ok) return setError(i18n._(AMOUNT_MESSAGES[checked.problem]));
    setBusy(true);
    try {
      await requestWalletChange(
        { currency_id: chosen, number: checked.value, from_field: from, to_field: to },
        idem.current(),
      );
      idem.renew();
      setAmount('');
      Toast.show({ icon: 'success', content: t`Transfer completed` });
      await wallet.refresh();
    } catch (e) {
      // A refusal is final for this key; a lost answer keeps the key so a retry cannot move twice.
      if (e instanceof ApiError && !mayHaveArrived(e)) idem.renew();
      if (!(e instanceof ApiError)) reportUnexpected(e, 'transfer');
    } finally {
      setBusy(false);
    }
  });

  return (
    <div className={styles.page}>
      <AsOf savedAt={wallet.savedAt} stale={wallet.stale} />
      <div className={styles.form}>
        <PickerField
          label={t`Currency`}
          value={String(chosen ?? '')}
          options={currencies.map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(v) => change(() => setCurrency(Number(v)))}
          placeholder={t`Select currency`}
        />
        <PickerField label={t`From`} value={from} options={accountOptions} onChange={pickFrom} />
        <div className={styles.swap}>
          <button type="button" aria-label={t`Swap accounts`} onClick={() => change(() => (setFrom(to), setTo(from)))}>
            <SwapIcon />
          </button>
        </div>
        <PickerField label={t`To`} value={to} options={accountOptions} onChange={pickTo} />
        <AmountField
          label={t`Amount`}
          value={amount}
          onChange={(v) => change(() => setAmount(v))}
          unit={coin}
          onMax={() => change(() => setAmount(available))}
          hint={t`Available: ${available} ${coin}`}
          error={error}
        />
      </div>
      <Button
        className={styles.submit}
        block
        color="primary"
        size="large"
        loading={busy}
        disabled={busy || chosen === null}
        onClick={submit}
      >
        <Trans>Confirm transfer</Trans>
      </Button>
    </div>
  );
}
