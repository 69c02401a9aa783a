import { useState } from 'react';
import { DotLoading, Tabs } from 'antd-mobile';
import DownFill from 'antd-mobile-icons/es/DownFill';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom, useAtomValue } from 'jotai';
import type { PairQuote } from '@contract/market';
import { useOnline } from '@/components/OfflineBanner';
import { formatDateTime, formatGrouped, formatPercent, toDecimal, trend } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo, useGoLogin } from '@/lib/nav';
import { confirmOrdersAtom, isLoggedInAtom, siteAtom } from '@/lib/state';
import { useContractMessage } from '@/lib/validation';
import { checkOrder, estimate, floorToStep, type CheckedOrder, type OrderDraft } from '../model/form';
import { problemMessage } from '../model/labels';
import { sidesOf, type PairSection } from '../model/pairs';
import { userTimeZone } from '../model/time';
import { useCancelOrder, usePlaceOrder } from '../state/actions';
import { useChangeBalances } from '../state/balances';
import { useBook } from '../state/book';
import { useFavoriteIds } from '../state/favorites';
import { useOrderEvents, usePagedOrders } from '../state/orders';
import { usePair } from '../state/pairs';
import { ConfirmSheet } from './ConfirmSheet';
import { OrderBook } from './OrderBook';
import { OrderForm } from './OrderForm';
import { OrderItem } from './OrderItem';
import { PairSwitcher } from './PairSwitcher';
import { RecentTrades } from './RecentTrades';
import { SessionNotes } from './SessionNotes';
import headStyles from '@/components/PairHead/PairHead.module.css';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

interface TradeScreenProps {
  symbol: string;
  section: PairSection;
  onPair: (pair: PairQuote) => void;
  /** The side the form opens on (a pair page's Buy or Sell); buy when absent. */
  side?: OrderDraft['side'];
}

const EMPTY_DRAFT: OrderDraft = { side: 'buy', type: 'limit', price: '', amount: '' };

/** Spot or stock trading on one pair: form, live book and trades, and the pair's open orders. */
export function TradeScreen({ symbol, section, onPair, side = 'buy' }: TradeScreenProps) {
  const { t } = useLingui();
  const message = useContractMessage();
  const go = useGo();
  const goLogin = useGoLogin();
  const online = useOnline();
  const signedIn = useAtomValue(isLoggedInAtom);
  const site = useAtomValue(siteAtom);
  const [confirmOrders, setConfirmOrders] = useAtom(confirmOrdersAtom);
  const { pair, pairs, savedAt, failed } = usePair(symbol);
  const favorites = useFavoriteIds();
  const live = useBook(pair);
  const balances = useChangeBalances();
  const open = usePagedOrders('in_progress', { pair: pair ?? undefined }, Boolean(pair));
  const [typed, setDraft] = useState<OrderDraft>(() => ({ ...EMPTY_DRAFT, side }));
  // Until the user sets a price, the limit price follows the last price on the tick grid.
  const [priceChosen, setPriceChosen] = useState(false);
  const [error, setError] = useState('');
  const [pending, setPending] = useState<CheckedOrder | null>(null);
  const [switching, setSwitching] = useState(false);

  const rules = live.book?.rules ?? pair ?? null;
  const last = live.last?.price ?? live.book?.trades[0]?.price ?? pair?.now_price;
  const change = live.last?.change ?? pair?.change;
  const stale = live.book?.session.stale ?? live.last?.stale ?? pair?.stale ?? false;

  const draft: OrderDraft =
    priceChosen || !rules || !last ? typed : { ...typed, price: floorToStep(last, rules.tick_size) };

  const afterChange = () => {
    void open.refresh();
    void balances.refresh();
  };
  useOrderEvents((e) => {
    if (e.symbol === symbol) afterChange();
  });
  const place = usePlaceOrder(() => {
    setDraft((d) => ({ ...d, amount: '' }));
    afterChange();
  });
  const cancel = useCancelOrder(afterChange);

  if (pair === undefined || (pair === null && pairs === undefined)) {
    return (
      <div className={fieldStyles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (pair === null || !rules) {
    return (
      <p className={fieldStyles.muted}>
        {failed ? <Trans>This pair is not available offline yet.</Trans> : <Trans>This pair is not traded here.</Trans>}
      </p>
    );
  }

  const { base, quote } = sidesOf(pair);
  const isStock = pair.kind === 'stock';
  const settleName = isStock ? 'USDT' : quote;
  const available = balances.balances
    ? (balances.balances[draft.side === 'buy' ? rules.settle_id : pair.currency_id] ?? '0')
    : undefined;
  const priceDecimals = pair.price_decimals;
  const direction = trend(change);
  const changeRatio = toDecimal(change)?.div(100);
  const session = live.book?.session;

  const submit = () => {
    const checked = checkOrder(draft, rules, available ?? '0');
    if (!checked.ok) return setError(message(problemMessage(checked, draft.side === 'buy' ? settleName : base)));
    if (checked.order.type === 'market' && session && !session.open) {
      const opensAt = session.opens_at ? formatDateTime(session.opens_at, activeBcp47()) : '--';
      return setError(message({ key: 'market_closed', values: { opens_at: opensAt } }));
    }
    if (checked.order.type === 'market' && stale) return setError(message({ key: 'price_stale', values: {} }));
    setError('');
    if (confirmOrders) setPending(checked.order);
    else send(checked.order);
  };
  const send = (order: CheckedOrder) => {
    const tz = userTimeZone();
    void place.submit({
      currency_id: pair.currency_id,
      legal_id: pair.legal_id,
      ...order,
      ...(tz ? { tz } : {}),
    });
  };

  return (
    <div>
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
            {last ? formatGrouped(last, priceDecimals) : '--'}
          </strong>
          <span style={{ color: 'var(--app-text-secondary)' }}>{formatPercent(changeRatio)}</span>
        </div>
        <div className={headStyles.headRight}>
          <button
            type="button"
            className={headStyles.iconButton}
            aria-label={t`Spot orders`}
            onClick={() => go({ to: pages.transaction.currency_order, search: { symbol } })}
          >
            <UnorderedListOutline />
          </button>
        </div>
      </div>
      <SessionNotes
        session={session}
        isStock={isStock}
        stale={stale}
        simulated={site.demo || pair.source === 'simulated'}
        asOf={!online || failed || balances.failed ? (balances.savedAt ?? savedAt) : undefined}
      />
      <div className={styles.grid}>
        <OrderForm
          draft={draft}
          onDraft={(d) => {
            if (d.price !== draft.price) setPriceChosen(true);
            setDraft(d);
            setError('');
          }}
          rules={rules}
          base={base}
          quote={quote}
          settleName={settleName}
          isStock={isStock}
          available={available}
          last={last}
          error={error}
          busy={place.busy}
          signedIn={signedIn}
          onSubmit={submit}
          onLogin={goLogin}
          onTransfer={() => go(pages.fund.fundTransfer)}
        />
        {live.book ? (
          <OrderBook
            bids={live.book.bids}
            asks={live.book.asks}
            last={last}
            change={change}
            priceDecimals={priceDecimals}
            tick={rules.tick_size}
            base={base}
            quote={quote}
            onPrice={(price) => {
              setPriceChosen(true);
              setDraft({ ...draft, type: 'limit', price });
            }}
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
        )}
      </div>
      <div className={fieldStyles.lower}>
        <Tabs defaultActiveKey="orders">
          <Tabs.Tab key="orders" title={t`Current orders (${open.orders?.length ?? 0})`}>
            {signedIn ? (
              <>
                <div className={styles.lowerHead}>
                  <span className={fieldStyles.label}>{symbol}</span>
                  <button
                    type="button"
                    className={styles.link}
                    onClick={() => go({ to: pages.transaction.currency_order, search: { symbol } })}
                  >
                    <Trans>All orders</Trans>
                  </button>
                </div>
                {open.orders === undefined ? (
                  <div className={fieldStyles.center}>
                    <DotLoading color="primary" />
                  </div>
                ) : open.orders.length === 0 ? (
                  <p className={fieldStyles.muted}>
                    <Trans>No open orders.</Trans>
                  </p>
                ) : (
                  <ul className={styles.orders} data-testid="current-orders">
                    {open.orders.map((o) => (
                      <OrderItem
                        key={o.id}
                        order={o}
                        cancelling={cancel.busy}
                        onCancel={(x) => void cancel.submit(x.id)}
                      />
                    ))}
                  </ul>
                )}
              </>
            ) : (
              <p className={fieldStyles.muted}>
                <Trans>Log in to see your orders.</Trans>
              </p>
            )}
          </Tabs.Tab>
          <Tabs.Tab key="trades" title={t`Recent trades`}>
            <RecentTrades trades={live.book?.trades ?? []} priceDecimals={priceDecimals} />
          </Tabs.Tab>
        </Tabs>
      </div>
      <PairSwitcher
        open={switching}
        pairs={pairs ?? []}
        favorites={favorites}
        current={symbol}
        section={section}
        onPick={(p) => {
          setSwitching(false);
          onPair(p);
        }}
        onClose={() => setSwitching(false)}
      />
      <ConfirmSheet
        order={pending}
        symbol={symbol}
        base={base}
        quote={quote}
        estimate={pending ? estimate({ ...draft, ...pending, price: pending.target_price ?? '' }, last, rules) : null}
        onClose={() => setPending(null)}
        onConfirm={(skip) => {
          if (skip) setConfirmOrders(false);
          const order = pending;
          setPending(null);
          if (order) send(order);
        }}
      />
    </div>
  );
}
