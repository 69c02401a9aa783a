import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { changeBackground, formatChange, formatVolume, listPrice, trendColor } from '../model/display';
import { cmpDec, parseDec } from '@/lib/format/number';
import { fiatValue } from '../model/fiat';
import { splitSymbol, type MarketQuote } from '../model/quotes';
import { PriceTag } from './Notes';
import styles from './quoteRow.module.css';

export interface QuoteRowProps {
  quote: MarketQuote;
  fiat: { currency_code: string; rate: string };
  /** The star toggle, when the list offers one (kept out of home's bundle). */
  star?: ReactNode;
  onOpen: (symbol: string) => void;
}

/** Which way the price just moved, for a short flash of the row. */
function useFlash(price: string): string {
  const last = useRef(price);
  const [flash, setFlash] = useState<{ price: string; dir: 'up' | 'down' } | null>(null);
  useEffect(() => {
    const a = parseDec(last.current);
    const b = parseDec(price);
    last.current = price;
    if (a && b && cmpDec(a, b) !== 0) setFlash({ price, dir: cmpDec(b, a) > 0 ? 'up' : 'down' });
  }, [price]);
  if (flash?.price !== price) return '';
  return flash.dir === 'up' ? styles.flashUp! : styles.flashDown!;
}

export const QuoteRow = memo(function QuoteRow({ quote, fiat, star, onOpen }: QuoteRowProps) {
  const [base, quoteName] = splitSymbol(quote.symbol);
  const flash = useFlash(quote.price);
  const volume = formatVolume(quote.volume);
  return (
    <li>
      <div
        role="button"
        tabIndex={0}
        className={`${styles.row} ${flash}`}
        data-testid="quote-row"
        data-symbol={quote.symbol}
        onClick={() => onOpen(quote.symbol)}
        onKeyDown={(e) => e.key === 'Enter' && onOpen(quote.symbol)}
      >
        <span className={styles.pair}>
          {star}
          {quote.logo && <img className={styles.logo} src={quote.logo} alt="" loading="lazy" />}
          <span className={styles.names}>
            <span className={styles.base}>{base}</span>
            <span className={styles.quote}> /{quoteName}</span>
            {/* The tag opens the second line: beside the pair name it left no room for either at 390 px. */}
            <span className={`${styles.sub} ${styles.subLine}`}>
              <PriceTag quote={quote} />
              <span className={styles.vol}>
                <Trans>Vol {volume}</Trans>
              </span>
            </span>
          </span>
        </span>
        <span className={styles.right}>
          <span
            className={styles.price}
            data-testid="quote-price"
            style={{ display: 'block', color: trendColor(quote.change) }}
          >
            {listPrice(quote.price, quote.price_decimals)}
          </span>
          <span className={styles.sub} style={{ display: 'block' }}>
            {fiatValue(quote.price, fiat.currency_code, fiat.rate)}
          </span>
        </span>
        <span className={styles.right}>
          <span className={styles.change} style={{ background: changeBackground(quote.change) }}>
            {formatChange(quote.change)}
          </span>
        </span>
      </div>
    </li>
  );
});
