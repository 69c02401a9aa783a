import { useEffect, useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResponseOf } from '@contract/define';
import type { transferFee } from '@contract/wallet';
import { formatMoney, formatPercent } from '@/lib/format';
import { ApiError } from '@/lib/http';
import { reportUnexpected } from '@/lib/submit';
import { useThrottledCallback } from '@/lib/throttle';
import { fetchTransferFee, fetchTransferList, requestExchange } from '../api/exchange';
import { useCachedQuery } from '../hooks/useCachedQuery';
import { mayHaveArrived, useIdempotencyKey } from '@/lib/idempotency';
import { checkAmount } from '../model/amount';
import { AMOUNT_MESSAGES } from '../model/amountMessages';
import { quoteExchange } from '../model/exchange';
import { AmountField } from './AmountField';
import { PickerField } from './PickerField';
import { SwapIcon } from './icons';
import styles from './wallet.module.css';

type Terms = ResponseOf<typeof transferFee>;

/** Exchanges one currency for another at the server's price and published fee. */
export function ExchangeForm() {
  const { t, i18n } = useLingui();
  const list = useCachedQuery('wallet:transfer-list', fetchTransferList);
  const idem = useIdempotencyKey();
  const coins = list.value ?? [];
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [fetched, setFetched] = useState<{ pair: string; terms: Terms } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fromId = from ?? coins.find((c) => c.currency_name === 'USDT')?.currency_id ?? coins[0]?.currency_id ?? null;
  const toId = to ?? coins.find((c) => c.currency_id !== fromId)?.currency_id ?? null;
  const fromCoin = coins.find((c) => c.currency_id === fromId);
  const toCoin = coins.find((c) => c.currency_id === toId);
  const pair = `${fromId}:${toId}`;
  // Terms of another pair are never shown for this one.
  const terms = fetched?.pair === pair ? fetched.terms : null;
  const quote = quoteExchange(amount, terms ?? undefined);
  const available = fromCoin?.available ?? '0';
  const coin = fromCoin?.currency_name ?? '';
  const options = coins.map((c) => ({ value: String(c.currency_id), label: c.currency_name }));

  useEffect(() => {
    if (fromId === null || toId === null || fromId === toId) return;
    let live = true;
    fetchTransferFee({ from_currency_id: fromId, to_currency_id: toId }).then(
      (x) => live && setFetched({ pair: `${fromId}:${toId}`, terms: x }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [fromId, toId]);

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
        <dl className={styles.summary}>
          <dt>
            <Trans>Price</Trans>
          </dt>
          <dd>
            {terms && fromCoin && toCoin
              ? `1 ${fromCoin.currency_name} = ${terms.price} ${toCoin.currency_name}`
              : '--'}
          </dd>
          <dt>
            <Trans>Fee rate</Trans>
          </dt>
          <dd>{terms ? formatPercent(terms.fee_rate, { signed: false }) : '--'}</dd>
          <dt>
            <Trans>Minimum</Trans>
          </dt>
          <dd>
            {terms && fromCoin
              ? `${formatMoney(terms.min_number, fromCoin.currency_name)} ${fromCoin.currency_name}`
              : '--'}
          </dd>
          <dt>
            <Trans>Fee</Trans>
          </dt>
          <dd>
            {quote?.ok && toCoin ? `${formatMoney(quote.fee, toCoin.currency_name)} ${toCoin.currency_name}` : '--'}
          </dd>
          <dt>
            <Trans>You receive</Trans>
          </dt>
          <dd data-testid="exchange-received">
            {quote?.ok && toCoin ? `${quote.received} ${toCoin.currency_name}` : '--'}
          </dd>
        </dl>
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
