import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '@/lib/http';
import { reportUnexpected } from '@/lib/submit';
import { useThrottledCallback } from '@/lib/throttle';
import { fetchTransferList, requestExchange } from '../api/exchange';
import { useCachedQuery } from '../hooks/useCachedQuery';
import { useExchangeTerms } from '../hooks/useExchangeTerms';
import { mayHaveArrived, useIdempotencyKey } from '@/lib/idempotency';
import { checkAmount } from '../model/amount';
import { AMOUNT_MESSAGES } from '../model/amountMessages';
import { quoteExchange } from '../model/exchange';
import { AmountField } from './AmountField';
import { ExchangeFigures } from './ExchangeFigures';
import { PickerField } from './PickerField';
import { SwapIcon } from './icons';
import styles from './wallet.module.css';

/** Exchanges one currency for another at the server's price and published fee. */
export function ExchangeForm() {
  const { t, i18n } = useLingui();
  const list = useCachedQuery('wallet:transfer-list', fetchTransferList);
  const idem = useIdempotencyKey();
  const coins = list.value ?? [];
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fromId = from ?? coins.find((c) => c.currency_name === 'USDT')?.currency_id ?? coins[0]?.currency_id ?? null;
  const toId = to ?? coins.find((c) => c.currency_id !== fromId)?.currency_id ?? null;
  const fromCoin = coins.find((c) => c.currency_id === fromId);
  const toCoin = coins.find((c) => c.currency_id === toId);
  const terms = useExchangeTerms(fromId, toId);
  const quote = quoteExchange(amount, terms ?? undefined);
  const available = fromCoin?.available ?? '0';
  const coin = fromCoin?.currency_name ?? '';
  const options = coins.map((c) => ({ value: String(c.currency_id), label: c.currency_name }));

  const submit = useThrottledCallback(async () => {
    if (busy || !fromCoin || !toCoin || !terms) return;
    const checked = checkAmount(amount, { available: fromCoin.available });
    if (!checked.ok) return setError(i18n._(AMOUNT_MESSAGES[checked.problem]));
    const q = quoteExchange(checked.value, terms);
    if (!q) return;
    if (!q.ok) return setError(t`The least amount is ${q.min} ${fromCoin.currency_name}`);
    setError('');
    const go = await Dialog.confirm({
      title: t`Confirm exchange`,
      content: t`Pay ${checked.value} ${fromCoin.currency_name}, fee ${q.fee} ${toCoin.currency_name}. You receive exactly ${q.received} ${toCoin.currency_name}.`,
      confirmText: t`Confirm`,
      cancelText: t`Cancel`,
    });
    if (!go) return;
    setBusy(true);
    try {
      const done = await requestExchange(
        { number: checked.value, from_currency_id: fromCoin.currency_id, to_currency_id: toCoin.currency_id },
        idem.current(),
      );
      idem.renew();
      setAmount('');
      Toast.show({ icon: 'success', content: t`Received ${done.received} ${toCoin.currency_name}` });
      await list.refresh();
    } catch (e) {
      if (!mayHaveArrived(e)) idem.renew();
      if (!(e instanceof ApiError)) reportUnexpected(e, 'exchange');
    } finally {
      setBusy(false);
    }
  });

  const pick = (setter: (n: number) => void) => (v: string) => (setter(Number(v)), idem.renew(), setError(''));
  return (
    <div className={styles.page}>
      <section className={styles.form}>
        <PickerField
          label={t`Pay with`}
          value={String(fromId ?? '')}
          options={options}
          onChange={pick(setFrom)}
          placeholder={t`Select currency`}
        />
        <div className={styles.swap}>
          <button
            type="button"
            aria-label={t`Swap currencies`}
            onClick={() => (setFrom(toId), setTo(fromId), idem.renew())}
          >
            <SwapIcon />
          </button>
        </div>
        <PickerField
          label={t`Receive`}
          value={String(toId ?? '')}
          options={options.filter((o) => o.value !== String(fromId))}
          onChange={pick(setTo)}
          placeholder={t`Select currency`}
        />
        <AmountField
          label={t`Amount`}
          value={amount}
          onChange={(v) => (setAmount(v), idem.renew())}
          unit={fromCoin?.currency_name}
          onMax={fromCoin ? () => setAmount(fromCoin.available) : undefined}
          hint={fromCoin ? t`Available: ${available} ${coin}` : undefined}
          error={error}
        />
        <ExchangeFigures terms={terms} from={fromCoin?.currency_name} to={toCoin?.currency_name} quote={quote} />
      </section>
      <Button
        className={styles.submit}
        block
        color="primary"
        size="large"
        loading={busy}
        disabled={busy || !terms}
        onClick={submit}
      >
        <Trans>Exchange</Trans>
      </Button>
    </div>
  );
}
