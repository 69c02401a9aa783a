import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DepthSteps } from '@/components/DepthSteps';
import { depthSteps, groupLevels, stepDecimals } from '@/lib/depth';
import { formatCompact, formatPrice, trend } from '@/lib/format';
import { bookRows, type Level } from '../model/book';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

/** Levels shown per side: each row is a full 44 px touch target, and four a side match the form's height. */
const LEVELS = 4;

interface OrderBookProps {
  bids: readonly Level[];
  asks: readonly Level[];
  last: string | undefined;
  change: string | undefined;
  priceDecimals: number;
  /** The pair's tick size: the finest price step the book groups by. */
  tick: string;
  base: string;
  quote: string;
  /** A tapped level's price goes into the form. */
  onPrice: (price: string) => void;
}

/** Asks above the last price, bids below; tapping a level takes its price. */
export function OrderBook({ bids, asks, last, change, priceDecimals, tick, base, quote, onPrice }: OrderBookProps) {
  const { t } = useLingui();
  const steps = depthSteps(tick);
  const [chosen, setStep] = useState(steps[0] ?? tick);
  const step = steps.includes(chosen) ? chosen : (steps[0] ?? tick);
  const rows = bookRows(groupLevels(bids, step, 'bid'), groupLevels(asks, step, 'ask'), LEVELS);
  const decimals = step === steps[0] ? priceDecimals : stepDecimals(step);
  const direction = trend(change);
  const lastColor = direction === 'up' ? 'var(--app-up)' : direction === 'down' ? 'var(--app-down)' : undefined;
  const level = (side: 'ask' | 'bid') =>
    function Level(r: (typeof rows.asks)[number]) {
      const price = formatPrice(r.price, decimals);
      return (
        <button
          type="button"
          key={r.price}
          className={styles.level}
          aria-label={t`Use price ${price}`}
          data-testid={`${side}-level`}
          onClick={() => onPrice(r.price)}
        >
          <i
            className={styles.bar}
            style={{ width: `${r.bar}%`, background: side === 'ask' ? '#F04A5A22' : '#28ba9822' }}
          />
          <span style={{ color: side === 'ask' ? 'var(--app-down)' : 'var(--app-up)' }}>{price}</span>
          <span>{formatCompact(r.amount)}</span>
        </button>
      );
    };
  return (
    <section className={styles.book} aria-label={t`Order book`} data-testid="order-book">
      <div className={styles.bookTools}>
        <DepthSteps steps={steps} value={step} onChange={setStep} />
      </div>
      <div className={styles.bookHead}>
        <span>
          <Trans>Price ({quote})</Trans>
        </span>
        <span>
          <Trans>Amount ({base})</Trans>
        </span>
      </div>
      {rows.asks.length === 0 && <p className={fieldStyles.muted}>{t`No sell orders`}</p>}
      {rows.asks.map(level('ask'))}
      <div className={styles.mid} data-testid="last-price">
        <span style={{ color: lastColor }}>{last ? formatPrice(last, priceDecimals) : '--'}</span>
        <small>
          <Trans>Last price</Trans>
        </small>
      </div>
      {rows.bids.map(level('bid'))}
      {rows.bids.length === 0 && <p className={fieldStyles.muted}>{t`No buy orders`}</p>}
    </section>
  );
}
