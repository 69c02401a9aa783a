import { useState } from 'react';
import { DotLoading } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { PairQuote } from '@contract/market';
import { useOnline } from '@/components/OfflineBanner';
import { pages, useGo, useGoLogin } from '@/lib/nav';
import { isLoggedInAtom, siteAtom } from '@/lib/state';
import type { FormDraft } from '../model/conditional';
import { floorToStep } from '../model/form';
import { sidesOf, type PairSection } from '../model/pairs';
import { useChangeBalances } from '../state/balances';
import { useBook } from '../state/book';
import { useConditionals } from '../state/conditional';
import { useFavoriteIds } from '../state/favorites';
import { usePagedOrders } from '../state/orders';
import { usePair } from '../state/pairs';
import { usePlacing } from '../state/placing';
import { OrderForm } from './OrderForm';
import { SessionNotes } from './SessionNotes';
import { TradeSheets } from './TradeSheets';
import { LowerTabs } from './LowerTabs';
import { BookPane, TradeHead } from './TradeParts';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

interface TradeScreenProps {
  symbol: string;
  section: PairSection;
  onPair: (pair: PairQuote) => void;
  /** The side the form opens on (a pair page's Buy or Sell); buy when absent. */
  side?: FormDraft['side'];
}

const EMPTY_DRAFT: FormDraft = {
  side: 'buy',
  type: 'limit',
  price: '',
  amount: '',
  trigger: '',
  trailMode: 'percent',
  trail: '',
  limitPrice: '',
};

/** Spot or stock trading on one pair: form, live book and trades, and the pair's open and stop orders. */
export function TradeScreen({ symbol, section, onPair, side = 'buy' }: TradeScreenProps) {
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
  const conditionals = useConditionals(pair ?? undefined, Boolean(pair) && signedIn);
  const rules = live.book?.rules ?? pair ?? null;
  const last = live.last?.price ?? live.book?.trades[0]?.price ?? pair?.now_price;
  // What the server compares a stop's trigger with: the book's own last trade.
  const lastTrade = live.book?.trades[0]?.price;
  const change = live.last?.change ?? pair?.change;
  const stale = live.book?.session.stale ?? live.last?.stale ?? pair?.stale ?? false;

  const { draft, setDraft, error, setError, onDraft, onPrice, pinPrice } = useDraft(side, rules, last);

  const clearAmount = () => setDraft((d) => ({ ...d, amount: '' }));
  const placing = usePlacing(symbol, pair ?? null, { setError, clearAmount }, () => {
    void open.refresh();
    void conditionals.refresh();
    void balances.refresh();
  });

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

  const currency = draft.side === 'buy' ? settleName : base;
  const submit = () =>
    placing.submit(draft, { rules, available: available ?? '0', last, lastTrade, currency, session, stale });

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
          onPriceFocus={pinPrice}
          rules={rules}
          base={base}
          quote={quote}
          settleName={settleName}
          isStock={isStock}
          available={available}
          last={last}
          lastTrade={lastTrade}
          error={error}
          busy={placing.busy}
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
        signedIn={signedIn}
        orders={open.orders}
        conditionals={conditionals}
        cancel={placing.cancel}
        trades={live.book?.trades ?? []}
        priceDecimals={priceDecimals}
        onAll={(state) => go({ to: pages.transaction.currency_order, search: { symbol, state } })}
      />
      <TradeSheets
        placing={placing}
        symbol={symbol}
        names={{ base, quote, settleName }}
        rules={{ ...rules, price_decimals: priceDecimals }}
        book={live.book}
        last={last}
      />
    </div>
  );
}

/**
 * The order being typed. Until the user sets or focuses the price, the limit price follows the
 * last price on the tick grid (not an OCO's stop leg price, which lies beyond its trigger); an
 * edit clears the form's error.
 */
function useDraft(side: FormDraft['side'], rules: { tick_size: string } | null, last: string | undefined) {
  const [typed, setDraft] = useState<FormDraft>(() => ({ ...EMPTY_DRAFT, side }));
  const [priceChosen, setPriceChosen] = useState(false);
  const [error, setError] = useState('');
  const follows = !priceChosen && rules && last && typed.type !== 'oco';
  const draft: FormDraft = follows ? { ...typed, price: floorToStep(last, rules.tick_size) } : typed;
  const onDraft = (d: FormDraft) => {
    if (d.price !== draft.price) setPriceChosen(true);
    setDraft(d);
    setError('');
  };
  /** A tapped book price becomes the limit price (of a stop-limit too, and an OCO's limit leg). */
  const onPrice = (price: string) => {
    if (draft.type === 'oco') return setDraft({ ...draft, limitPrice: price });
    setPriceChosen(true);
    setDraft({ ...draft, type: draft.type === 'stop_limit' ? 'stop_limit' : 'limit', price });
  };
  /** The price stops following the last price once the user starts editing it. */
  const pinPrice = () => {
    if (priceChosen) return;
    setPriceChosen(true);
    setDraft({ ...draft });
  };
  return { draft, setDraft, error, setError, onDraft, onPrice, pinPrice };
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
