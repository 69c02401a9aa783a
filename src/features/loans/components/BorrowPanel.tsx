import { plural } from '@lingui/core/macro';
import { useCallback, useEffect, useState } from 'react';
import { DotLoading, ErrorBlock, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LoanQuote, LoanTerm, LoanTerms } from '@contract/loans';
import { formatMoney, formatPercent } from '@/lib/format';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { fetchQuote, fetchTerms, sendBorrow } from '../api/loans';
import { BorrowSheet } from './BorrowSheet';
import styles from './loans.module.css';

const AMOUNT = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,10})?$/;

/** The products (terms per collateral coin) and the calculator; a loan is confirmed on a sheet with every figure. */
export function BorrowPanel({ onBorrowed }: { onBorrowed: () => void }) {
  const { t } = useLingui();
  const [terms, setTerms] = useState<LoanTerms[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState(0);
  const load = useCallback(() => {
    setFailed(false);
    fetchTerms().then(
      (list) => setTerms(list),
      () => setFailed(true),
    );
  }, []);
  // Started after this render's effects: the state it sets arrives with the reply.
  useEffect(() => void Promise.resolve().then(load), [load]);
  if (failed) {
    return (
      <ErrorBlock status="disconnected" title={t`The loan terms could not be loaded.`} description="">
        <button type="button" className={styles.primary} onClick={load}>
          <Trans>Retry</Trans>
        </button>
      </ErrorBlock>
    );
  }
  if (terms === undefined) {
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (terms.length === 0)
    return <ErrorBlock status="empty" title={t`No loans are offered at the moment.`} description="" />;
  const current = terms[Math.min(selected, terms.length - 1)]!;
  return (
    <>
      <div className={styles.section}>
        <div className={styles.coins} role="tablist">
          {terms.map((x, i) => (
            <button
              key={x.id}
              type="button"
              role="tab"
              aria-selected={i === selected}
              className={`${styles.coin} ${i === selected ? styles.selected : ''}`}
              onClick={() => setSelected(i)}
              data-testid={`loan-coin-${x.collateral_name}`}
            >
              {x.collateral_name}
            </button>
          ))}
        </div>
        <dl className={styles.figures}>
          <dt>
            <Trans>Initial LTV</Trans>
          </dt>
          <dd>{formatPercent(current.initial_ltv, { signed: false })}</dd>
          <dt>
            <Trans>Margin call LTV</Trans>
          </dt>
          <dd>{formatPercent(current.margin_call_ltv, { signed: false })}</dd>
          <dt>
            <Trans>Liquidation LTV</Trans>
          </dt>
          <dd>{formatPercent(current.liquidation_ltv, { signed: false })}</dd>
          <dt>
            <Trans>Hourly interest rate</Trans>
          </dt>
          <dd>{formatPercent(current.hourly_rate, { signed: false, decimals: 4 })}</dd>
          <dt>
            <Trans>Limits</Trans>
          </dt>
          <dd>
            {formatMoney(current.min_amount, 'USDT')} - {formatMoney(current.max_amount, 'USDT')}{' '}
            {current.loan_currency_name}
          </dd>
          <dt>
            <Trans>{current.collateral_name} price</Trans>
          </dt>
          <dd>{current.price ? `${formatMoney(current.price, 'USDT')} USDT` : t`No live price`}</dd>
        </dl>
      </div>
      <Calculator key={current.id} terms={current} onBorrowed={onBorrowed} />
    </>
  );
}

function Calculator({ terms, onBorrowed }: { terms: LoanTerms; onBorrowed: () => void }) {
  const { t } = useLingui();
  const [amount, setAmount] = useState('');
  const [collateral, setCollateral] = useState('');
  const [term, setTerm] = useState<LoanTerm>((terms.terms[0] ?? 0) as LoanTerm);
  // The quote of the inputs it was asked for: inputs changed since show none until the next reply.
  const [answer, setAnswer] = useState<{ key: string; quote: LoanQuote | null }>({ key: '', quote: null });
  const [confirming, setConfirming] = useState(false);
  // Bumped when a borrow is refused: the price may have moved since the quote, so ask again.
  const [round, setRound] = useState(0);
  const valid = AMOUNT.test(amount) && Number(amount) > 0;
  const collateralValid = collateral === '' || (AMOUNT.test(collateral) && Number(collateral) > 0);
  const askable = valid && collateralValid && terms.price !== null;
  const key = askable ? `${terms.id}|${amount}|${collateral}|${round}` : '';
  useEffect(() => {
    if (!key) return;
    let live = true;
    const timer = setTimeout(() => {
      fetchQuote(terms.id, amount, collateral || undefined).then(
        (q) => live && setAnswer({ key, quote: q }),
        () => live && setAnswer({ key, quote: null }),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, terms.id, amount, collateral]);
  const quote = key && answer.key === key ? answer.quote : null;
  const quoteFailed = key !== '' && answer.key === key && answer.quote === null;
  const borrow = useMoneyAction(
    (key, q: LoanQuote, days: LoanTerm) => sendBorrow(key, terms.id, q.amount, q.collateral, days),
    () => {
      Toast.show({ icon: 'success', content: t`Loan received` });
      setConfirming(false);
      setAmount('');
      setCollateral('');
      onBorrowed();
    },
    {
      name: 'loan borrow',
      offlineMessage: t`You are offline. Try again when connected.`,
      onRefused: () => {
        setConfirming(false);
        setRound((r) => r + 1);
      },
    },
  );
  return (
    <div className={styles.section}>
      <label className={styles.label} htmlFor="loan-amount">
        <Trans>Borrow (USDT)</Trans>
      </label>
      <input
        id="loan-amount"
        className={styles.input}
        inputMode="decimal"
        value={amount}
        placeholder={`${formatMoney(terms.min_amount, 'USDT')} - ${formatMoney(terms.max_amount, 'USDT')}`}
        onChange={(e) => setAmount(e.target.value.trim())}
        data-testid="loan-amount"
      />
      <label className={styles.label} htmlFor="loan-collateral">
        <Trans>Collateral ({terms.collateral_name})</Trans>
      </label>
      <input
        id="loan-collateral"
        className={styles.input}
        inputMode="decimal"
        value={collateral}
        placeholder={quote ? quote.min_collateral : t`At the initial LTV`}
        onChange={(e) => setCollateral(e.target.value.trim())}
        data-testid="loan-collateral"
      />
      <p className={styles.hint}>
        <Trans>Empty: the least collateral the initial LTV allows. It is held from your exchange account.</Trans>
      </p>
      <span className={styles.label}>
        <Trans>Term</Trans>
      </span>
      <TermPicker terms={terms.terms} term={term} onTerm={setTerm} />
      {quote && <QuoteFigures quote={quote} />}
      {quoteFailed && (
        <p className={styles.hint}>
          <Trans>The figures could not be computed. Check the amounts.</Trans>
        </p>
      )}
      <button
        type="button"
        className={styles.primary}
        disabled={!quote || !quote.allowed || borrow.busy}
        onClick={() => setConfirming(true)}
        data-testid="loan-borrow"
      >
        <Trans>Borrow</Trans>
      </button>
      {quote && !quote.allowed && (
        <p className={styles.hint}>
          <Trans>
            Not allowed: the amount must be within the limits and the LTV at most{' '}
            {formatPercent(terms.initial_ltv, { signed: false })}.
          </Trans>
        </p>
      )}
      <BorrowSheet
        open={confirming}
        terms={terms}
        quote={quote}
        term={term}
        busy={borrow.busy}
        onConfirm={() => quote && borrow.submit(quote, term)}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

/** What the inputs come to at the live price, as the server computed it. */
function QuoteFigures({ quote }: { quote: LoanQuote }) {
  return (
    <dl className={styles.figures} data-testid="loan-quote">
      <dt>
        <Trans>You receive</Trans>
      </dt>
      <dd>{formatMoney(quote.received, 'USDT')} USDT</dd>
      <dt>
        <Trans>Interest per day</Trans>
      </dt>
      <dd>{formatMoney(quote.daily_interest, 'USDT')} USDT</dd>
      <dt>
        <Trans>LTV now</Trans>
      </dt>
      <dd>{formatPercent(quote.ltv, { signed: false })}</dd>
      <dt>
        <Trans>Margin call at</Trans>
      </dt>
      <dd>{formatMoney(quote.margin_call_price, 'USDT')} USDT</dd>
      <dt>
        <Trans>Liquidation at</Trans>
      </dt>
      <dd>{formatMoney(quote.liquidation_price, 'USDT')} USDT</dd>
    </dl>
  );
}

function TermPicker({ terms, term, onTerm }: { terms: number[]; term: LoanTerm; onTerm: (t: LoanTerm) => void }) {
  const { t } = useLingui();
  return (
    <div className={styles.terms}>
      {terms.map((d) => (
        <button
          key={d}
          type="button"
          className={`${styles.term} ${d === term ? styles.selected : ''}`}
          aria-pressed={d === term}
          onClick={() => onTerm(d as LoanTerm)}
        >
          {d === 0 ? t`Open` : t`${plural(d, { one: '# day', other: '# days' })}`}
        </button>
      ))}
    </div>
  );
}
