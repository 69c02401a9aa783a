import { useState } from 'react';
import { DotLoading, Tabs } from 'antd-mobile';
import DownFill from 'antd-mobile-icons/es/DownFill';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PairQuote } from '@contract/market';
import type { Order } from '@contract/trade';
import { formatChange, formatPrice, trend } from '@/lib/format';
import type { PublicTrade } from '../model/book';
import type { FormRules } from '../model/form';
import type { PairSection } from '../model/pairs';
import type { LiveBook } from '../state/book';
import { ConditionalRows, type ConditionalListState } from './ConditionalList';
import { OrderBook } from './OrderBook';
import { OrderItem } from './OrderItem';
import { PairSwitcher } from './PairSwitcher';
import { RecentTrades } from './RecentTrades';
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

/** Under the form: the pair's open orders (with cancel), its stop orders and its recent trades. */
export function LowerTabs({
  symbol,
  signedIn,
  orders,
  conditionals,
  cancel,
  trades,
  priceDecimals,
  onAll,
}: {
  symbol: string;
  signedIn: boolean;
  orders: Order[] | undefined;
  conditionals: ConditionalListState;
  cancel: { busy: boolean; submit: (id: number) => void };
  trades: readonly PublicTrade[];
  priceDecimals: number;
  /** The orders page, on its list of open orders or of stop orders. */
  onAll: (state: 'in_progress' | 'conditional') => void;
}) {
  const { t } = useLingui();
  const waiting = conditionals.rows?.filter((c) => c.status === 'waiting').length ?? 0;
  const head = (state: 'in_progress' | 'conditional') => (
    <div className={styles.lowerHead}>
      <span className={fieldStyles.label}>{symbol}</span>
      <button type="button" className={styles.link} onClick={() => onAll(state)}>
        <Trans>All orders</Trans>
      </button>
    </div>
  );
  const loginNote = (
    <p className={fieldStyles.muted}>
      <Trans>Log in to see your orders.</Trans>
    </p>
  );
  return (
    <div className={fieldStyles.lower}>
      <Tabs defaultActiveKey="orders">
        <Tabs.Tab key="orders" title={t`Current orders (${orders?.length ?? 0})`}>
          {signedIn ? (
            <>
              {head('in_progress')}
              <CurrentOrders orders={orders} cancel={cancel} priceDecimals={priceDecimals} />
            </>
          ) : (
            loginNote
          )}
        </Tabs.Tab>
        <Tabs.Tab key="conditional" title={t`Conditional (${waiting})`}>
          {signedIn ? (
            <>
              {head('conditional')}
              <PairConditionals list={conditionals} />
            </>
          ) : (
            loginNote
          )}
        </Tabs.Tab>
        <Tabs.Tab key="trades" title={t`Recent trades`}>
          <RecentTrades trades={trades} priceDecimals={priceDecimals} />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}

/** The pair's open orders on the trade screen: loading, empty, or the rows with cancel. */
function CurrentOrders({
  orders,
  cancel,
  priceDecimals,
}: {
  orders: Order[] | undefined;
  cancel: { busy: boolean; submit: (id: number) => void };
  priceDecimals: number;
}) {
  if (orders === undefined) {
    return (
      <div className={fieldStyles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (orders.length === 0) {
    return (
      <p className={fieldStyles.muted}>
        <Trans>No open orders.</Trans>
      </p>
    );
  }
  return (
    <ul className={styles.orders} data-testid="current-orders">
      {orders.map((o) => (
        <OrderItem
          key={o.id}
          order={o}
          priceDecimals={priceDecimals}
          cancelling={cancel.busy}
          onCancel={(x) => void cancel.submit(x.id)}
        />
      ))}
    </ul>
  );
}

/** The pair's stop orders on the trade screen: loading, empty, or the rows. */
function PairConditionals({ list }: { list: ConditionalListState }) {
  if (list.rows === undefined) {
    return (
      <div className={fieldStyles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (list.rows.length === 0) {
    return (
      <p className={fieldStyles.muted}>
        <Trans>No stop orders yet</Trans>
      </p>
    );
  }
  return <ConditionalRows list={list} />;
}
