import { Trans } from '@lingui/react/macro';
import { formatMoney, formatPercent } from '@/lib/format';
import type { ExchangeQuote, ExchangeTerms } from '../model/exchange';
import styles from './wallet.module.css';

interface ExchangeFiguresProps {
  terms: ExchangeTerms | null;
  /** The currency paid and the one received, by name; undefined until the list is known. */
  from: string | undefined;
  to: string | undefined;
  quote: ExchangeQuote | null;
}

/** The price, fee rate and minimum of the pair, and the fee and amount received for the typed amount. */
export function ExchangeFigures({ terms, from, to, quote }: ExchangeFiguresProps) {
  return (
    <dl className={styles.summary}>
      <dt>
        <Trans>Price</Trans>
      </dt>
      <dd>{terms && from !== undefined && to !== undefined ? `1 ${from} = ${terms.price} ${to}` : '--'}</dd>
      <dt>
        <Trans>Fee rate</Trans>
      </dt>
      <dd>{terms ? formatPercent(terms.fee_rate, { signed: false }) : '--'}</dd>
      <dt>
        <Trans>Minimum</Trans>
      </dt>
      <dd>{terms && from !== undefined ? `${formatMoney(terms.min_number, from)} ${from}` : '--'}</dd>
      <dt>
        <Trans>Fee</Trans>
      </dt>
      <dd>{quote?.ok && to !== undefined ? `${formatMoney(quote.fee, to)} ${to}` : '--'}</dd>
      <dt>
        <Trans>You receive</Trans>
      </dt>
      <dd data-testid="exchange-received">{quote?.ok && to !== undefined ? `${quote.received} ${to}` : '--'}</dd>
    </dl>
  );
}
