import { useState } from 'react';
import { DotLoading } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import { useAtom, useAtomValue } from 'jotai';
import type { PairQuote } from '@contract/market';
import { useOnline } from '@/components/OfflineBanner';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo, useGoLogin } from '@/lib/nav';
import { confirmOrdersAtom, isLoggedInAtom, siteAtom } from '@/lib/state';
import { useContractMessage, type ContractMessage } from '@/lib/validation';
import { checkOrder, floorToStep, type CheckedOrder, type OrderDraft } from '../model/form';
import { problemMessage } from '../model/labels';
import { sidesOf, type PairSection } from '../model/pairs';
import { userTimeZone } from '../model/time';
import { useCancelOrder, usePlaceOrder } from '../state/actions';
import { useChangeBalances } from '../state/balances';
import { useBook } from '../state/book';
import { useFavoriteIds } from '../state/favorites';
import { useOrderEvents, usePagedOrders } from '../state/orders';
import { usePair } from '../state/pairs';
import { useSlippage } from '../state/slippage';
import { ConfirmSheet } from './ConfirmSheet';
import { OrderForm } from './OrderForm';
import { SessionNotes } from './SessionNotes';
import { BookPane, LowerTabs, TradeHead } from './TradeParts';
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
  const message = useContractMessage();
  const go = useGo();
  const goLogin = useGoLogin();
  const online = useOnline();
  const signedIn = useAtomValue(isLoggedInAtom);
  const site = useAtomValue(siteAtom);
  const { pair, pairs, savedAt, failed } = usePair(symbol);
  const favorites = useFavoriteIds();
  const live = useBook(pair);
  const balances = useChangeBalances();
  const open = usePagedOrders('in_progress', { pair: pair ?? undefined }, Boolean(pair));
  const step = useConfirmStep();
  const slippage = useSlippage();
  const rules = live.book?.rules ?? pair ?? null;
  const last = live.last?.price ?? live.book?.trades[0]?.price ?? pair?.now_price;
  const change = live.last?.change ?? pair?.change;
  const stale = live.book?.session.stale ?? live.last?.stale ?? pair?.stale ?? false;

  const { draft, setDraft, error, setError, onDraft, onPrice } = useDraft(side, rules, last);

  const { place, placeOn, cancel } = useOrderActions(
    symbol,
    () => {
      void open.refresh();
      void balances.refresh();
    },
    () => setDraft((d) => ({ ...d, amount: '' })),
  );

  if (pair === undefined || (pair === null && pairs === undefined)) return <NoPair loading failed={failed} />;
  if (pair === null || !rules) return <NoPair loading={false} failed={failed} />;

  const { base, quote } = sidesOf(pair);
  const isStock = pair.kind === 'stock';
  const settleName = isStock ? 'USDT' : quote;
  const available = balances.balances
    ? (balances.balances[draft.side === 'buy' ? rules.settle_id : pair.currency_id] ?? '0')
    : undefined;
  const priceDecimals = pair.price_decimals;
  const session = live.book?.session;

  const submit = () => {
    const checked = checkOrder(draft, rules, available ?? '0');
    if (!checked.ok) return setError(message(problemMessage(checked, draft.side === 'buy' ? settleName : base)));
    const refusal = checked.order.type === 'market' ? marketRefusal(session, stale) : null;
    if (refusal) return setError(message(refusal));
    setError('');
    step.propose(checked.order, send);
  };
  const send = (order: CheckedOrder) => placeOn(pair, order, slippage.sent);

  return (
    <div>
      <TradeHead
        symbol={symbol}
        last={last}
        change={change}
        priceDecimals={priceDecimals}
        pairs={pairs ?? []}
        favorites={favorites}
        section={section}
        onPair={onPair}
        onOrders={() => go({ to: pages.transaction.currency_order, search: { symbol } })}
      />
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
          onDraft={onDraft}
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
        <BookPane
          live={live}
          last={last}
          change={change}
          rules={rules}
          base={base}
          quote={quote}
          priceDecimals={priceDecimals}
          online={online}
          onPrice={onPrice}
        />
      </div>
      <LowerTabs
        symbol={symbol}
        signedIn={signedIn}
        orders={open.orders}
        cancel={cancel}
        trades={live.book?.trades ?? []}
        priceDecimals={priceDecimals}
        onAll={() => go({ to: pages.transaction.currency_order, search: { symbol } })}
      />
      <ConfirmSheet
        order={step.pending}
        symbol={symbol}
        base={base}
        quote={quote}
        rules={{ ...rules, price_decimals: priceDecimals }}
        book={live.book}
        last={last}
        slippage={slippage}
        onClose={step.close}
        onConfirm={(skip) => step.confirm(skip, send)}
      />
    </div>
  );
}

/**
 * The order being typed. Until the user sets a price, the limit price follows the last price on
 * the tick grid; an edit clears the form's error.
 */
function useDraft(side: OrderDraft['side'], rules: { tick_size: string } | null, last: string | undefined) {
  const [typed, setDraft] = useState<OrderDraft>(() => ({ ...EMPTY_DRAFT, side }));
  const [priceChosen, setPriceChosen] = useState(false);
  const [error, setError] = useState('');
  const draft: OrderDraft =
    priceChosen || !rules || !last ? typed : { ...typed, price: floorToStep(last, rules.tick_size) };
  const onDraft = (d: OrderDraft) => {
    if (d.price !== draft.price) setPriceChosen(true);
    setDraft(d);
    setError('');
  };
  const onPrice = (price: string) => {
    setPriceChosen(true);
    setDraft({ ...draft, type: 'limit', price });
  };
  return { draft, setDraft, error, setError, onDraft, onPrice };
}

/** Why a market order cannot go now: the session is closed, or the price is not updating. */
function marketRefusal(
  session: { open: boolean; opens_at?: number | null } | undefined,
  stale: boolean,
): ContractMessage | null {
  if (session && !session.open) {
    const opensAt = session.opens_at ? formatDateTime(session.opens_at, activeBcp47()) : '--';
    return { key: 'market_closed', values: { opens_at: opensAt } };
  }
  return stale ? { key: 'price_stale', values: {} } : null;
}

/** Where the trade screen would be: loading the pair, or why it is not traded here. */
function NoPair({ loading, failed }: { loading: boolean; failed: boolean }) {
  if (loading) {
    return (
      <div className={fieldStyles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  return (
    <p className={fieldStyles.muted}>
      {failed ? <Trans>This pair is not available offline yet.</Trans> : <Trans>This pair is not traded here.</Trans>}
    </p>
  );
}

/** Placing and cancelling on this pair; each change (and each live event of this pair) runs `refresh`. */
function useOrderActions(symbol: string, refresh: () => void, onPlaced: () => void) {
  useOrderEvents((e) => {
    if (e.symbol === symbol) refresh();
  });
  const place = usePlaceOrder(() => {
    onPlaced();
    refresh();
  });
  const cancel = useCancelOrder(refresh);
  /**
   * Sends the order with the user's time zone, so a refusal's "opens at" is in their time, and a
   * market order with its slippage limit (percent), which the server enforces on its book.
   */
  const placeOn = (pair: { currency_id: number; legal_id: number }, order: CheckedOrder, maxSlippage: string) => {
    const tz = userTimeZone();
    void place.submit({
      currency_id: pair.currency_id,
      legal_id: pair.legal_id,
      ...order,
      ...(tz ? { tz } : {}),
      ...(order.type === 'market' ? { max_slippage: maxSlippage } : {}),
    });
  };
  return { place, placeOn, cancel };
}

/** The confirmation step the user can turn off: a checked order is sent at once, or shown first. */
function useConfirmStep() {
  const [confirmOrders, setConfirmOrders] = useAtom(confirmOrdersAtom);
  const [pending, setPending] = useState<CheckedOrder | null>(null);
  return {
    pending,
    close: () => setPending(null),
    propose: (order: CheckedOrder, send: (order: CheckedOrder) => void) => {
      if (confirmOrders) setPending(order);
      else send(order);
    },
    confirm: (skip: boolean, send: (order: CheckedOrder) => void) => {
      if (skip) setConfirmOrders(false);
      const order = pending;
      setPending(null);
      if (order) send(order);
    },
  };
}
