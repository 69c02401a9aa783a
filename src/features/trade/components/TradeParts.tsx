import { useState } from 'react';
import { DotLoading } from 'antd-mobile';
import DownFill from 'antd-mobile-icons/es/DownFill';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PairQuote } from '@contract/market';
import { formatChange, formatPrice, trend } from '@/lib/format';
import type { FormRules } from '../model/form';
import type { PairSection } from '../model/pairs';
import type { LiveBook } from '../state/book';
import { OrderBook } from './OrderBook';
import { PairSwitcher } from './PairSwitcher';
import headStyles from '@/components/PairHead/PairHead.module.css';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

/** The trade screen's head: pair switch, last price and change, the link to the spot orders. */
export function TradeHead({
  symbol,
  last,
  change,
  priceDecimals,
  pairs,
  favorites,
  section,
  onPair,
  onOrders,
}: {
  symbol: string;
  last: string | undefined;
  change: string | undefined;
  priceDecimals: number;
  pairs: readonly PairQuote[];
  favorites: ReadonlySet<number>;
  section: PairSection;
  onPair: (pair: PairQuote) => void;
  onOrders: () => void;
}) {
  const { t } = useLingui();
  const [switching, setSwitching] = useState(false);
  const direction = trend(change);
  return (
    <>
      <div className={headStyles.head}>
        <button
          type="button"
          className={headStyles.pairButton}
          onClick={() => setSwitching(true)}
          aria-label={t`Switch pair, now ${symbol}`}
          data-testid="pair-switch"
        >
          {symbol} <DownFill fontSize={10} />
        </button>
        <div className={`${fieldStyles.headPrice} ${styles.headPrice}`}>
          <strong
            style={{
              color: direction === 'up' ? 'var(--app-up)' : direction === 'down' ? 'var(--app-down)' : undefined,
            }}
          >
            {last ? formatPrice(last, priceDecimals) : '--'}
          </strong>
          <span style={{ color: 'var(--app-text-secondary)' }}>{formatChange(change)}</span>
        </div>
        <div className={headStyles.headRight}>
          <button type="button" className={headStyles.iconButton} aria-label={t`Spot orders`} onClick={onOrders}>
            <UnorderedListOutline />
          </button>
        </div>
      </div>
      <PairSwitcher
        open={switching}
        pairs={pairs}
        favorites={favorites}
        current={symbol}
        section={section}
        onPick={(p) => {
          setSwitching(false);
          onPair(p);
        }}
        onClose={() => setSwitching(false)}
      />
    </>
  );
}

/** The live book beside the form, or why it is not shown yet. */
export function BookPane({
  live,
  last,
  change,
  rules,
  base,
  quote,
  priceDecimals,
  online,
  onPrice,
}: {
  live: LiveBook;
  last: string | undefined;
  change: string | undefined;
  rules: FormRules;
  base: string;
  quote: string;
  priceDecimals: number;
  online: boolean;
  onPrice: (price: string) => void;
}) {
  return live.book ? (
    <OrderBook
      bids={live.book.bids}
      asks={live.book.asks}
      last={last}
      change={change}
      priceDecimals={priceDecimals}
      tick={rules.tick_size}
      base={base}
      quote={quote}
      onPrice={onPrice}
    />
  ) : (
    <div className={fieldStyles.center}>
      {live.failed || !online ? (
        <span className={fieldStyles.muted}>
          <Trans>The order book is shown when connected.</Trans>
        </span>
      ) : (
        <DotLoading color="primary" />
      )}
    </div>
  );
}
