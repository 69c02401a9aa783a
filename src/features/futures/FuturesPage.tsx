import { useState } from 'react';
import { DotLoading } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { PairQuote } from '@contract/market';
import { useOnline } from '@/components/OfflineBanner';
import { pages, useGo, useGoLogin } from '@/lib/nav';
import { isLoggedInAtom, siteAtom } from '@/lib/state';
import { useContractMessage } from '@/lib/validation';
import { checkOpen, previewOpen, type CheckedOpen, type LeverDraft } from './model/form';
import { useOpenPosition } from './state/actions';
import { useLeverPair } from './state/pairs';
import { useLeverEvents, usePositions } from './state/positions';
import { useLivePrice, useTerms } from './state/terms';
import { ConfirmSheet, type PendingOpen } from './components/ConfirmSheet';
import { OrderForm } from './components/OrderForm';
import { FuturesHead, LowerPositions, NoFuturesPair, type LowerTab } from './components/FuturesParts';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './components/futures.module.css';

const EMPTY_DRAFT: LeverDraft = {
  side: 'long',
  type: 'market',
  price: '',
  lots: '1',
  multiple: 0,
  takeProfit: '',
  stopLoss: '',
};

/** The leverage a new form starts with: 10x when offered, else the smallest. */
const defaultMultiple = (multiples: readonly number[]) => (multiples.includes(10) ? 10 : (multiples[0] ?? 0));

/** Futures on one pair (`contract?symbol=…`): the order form with live costs, and the pair's positions. */
export function FuturesPage({ symbol, onPair }: { symbol: string; onPair: (pair: PairQuote) => void }) {
  const message = useContractMessage();
  const go = useGo();
  const goLogin = useGoLogin();
  const online = useOnline();
  const signedIn = useAtomValue(isLoggedInAtom);
  const site = useAtomValue(siteAtom);
  const { pair, pairs, savedAt: pairsSavedAt, failed: pairsFailed } = useLeverPair(symbol);
  const { terms, savedAt, failed, refresh: refreshTerms } = useTerms(pair);
  const live = useLivePrice(pair ? symbol : undefined);
  const current = usePositions('current', pair ?? undefined, Boolean(pair) && signedIn);
  const [typed, setDraft] = useState<LeverDraft>(EMPTY_DRAFT);
  const [error, setError] = useState('');
  const [pending, setPending] = useState<PendingOpen | null>(null);
  const [tab, setTab] = useState<LowerTab>('open');

  const afterChange = () => {
    void current.refresh();
    void refreshTerms();
  };
  const { place, openOn } = useOpenActions(afterChange, () => {
    setPending(null);
    setDraft((d) => ({ ...d, takeProfit: '', stopLoss: '' }));
  });

  if (pair === undefined || pair === null) {
    return <NoFuturesPair loading={pair === undefined} failed={pairsFailed} pairs={pairs} onPair={onPair} />;
  }

  const [base = '', quote = ''] = symbol.split('/');
  const settle = terms?.settle_currency ?? 'USDT';
  const multiples = terms?.multiples ?? [];
  const draft: LeverDraft = typed.multiple ? typed : { ...typed, multiple: defaultMultiple(multiples) };
  const last = live?.price ?? terms?.last_price ?? pair.now_price;
  const change = live?.change ?? pair.change;
  const stale = live?.stale ?? terms?.stale ?? pair.stale;
  const estimate = terms ? previewOpen(draft, terms, last, pair.price_decimals) : null;
  const offlineAsOf = !online || failed || pairsFailed ? (savedAt ?? current.savedAt ?? pairsSavedAt) : undefined;

  const submit = () => {
    if (!terms) return;
    if (draft.type === 'market' && stale) return setError(message({ key: 'lever_price_stale', values: {} }));
    const checked = checkOpen(draft, terms, last, pair.price_decimals);
    if (!checked.ok) return setError(message(checked));
    setError('');
    setPending({
      order: checked.order,
      estimate: checked.estimate,
      price: checked.order.target_price ?? last ?? '0',
    });
  };

  return (
    <div className={styles.page}>
      <FuturesHead
        symbol={symbol}
        pair={pair}
        pairs={pairs}
        last={last}
        change={change}
        simulated={site.demo || pair.source === 'simulated'}
        stale={stale}
        offlineAsOf={offlineAsOf}
        onPair={onPair}
      />
      {signedIn && !terms ? (
        <TermsWait unavailable={terms === null && (failed || !online)} />
      ) : (
        <OrderForm
          draft={draft}
          onDraft={(d) => {
            setDraft(d);
            setError('');
          }}
          multiples={multiples}
          base={base}
          quote={quote}
          settle={settle}
          lotSize={terms?.lot_size}
          priceDecimals={pair.price_decimals}
          balance={terms?.balance}
          last={last ?? undefined}
          estimate={estimate}
          error={error}
          busy={place.busy}
          signedIn={signedIn}
          online={online}
          onSubmit={submit}
          onLogin={goLogin}
          onTransfer={() => go(pages.fund.fundTransfer)}
        />
      )}
      {signedIn && (
        <LowerPositions
          symbol={symbol}
          tab={tab}
          onTab={setTab}
          positions={current.positions ?? undefined}
          pairs={pairs}
          online={online}
          onChanged={afterChange}
        />
      )}
      <ConfirmSheet
        pending={pending}
        symbol={symbol}
        base={base}
        settle={settle}
        feeRate={terms?.fee_rate ?? '0'}
        overnightRate={terms?.overnight_rate ?? '0'}
        priceDecimals={pair.price_decimals}
        busy={place.busy}
        onClose={() => setPending(null)}
        onConfirm={() => pending && openOn(pair, pending.order)}
      />
    </div>
  );
}

/** Opening on this pair; each open (and each live futures event) runs `refresh`. */
function useOpenActions(refresh: () => void, onOpened: () => void) {
  useLeverEvents(refresh);
  const place = useOpenPosition(() => {
    onOpened();
    refresh();
  });
  const openOn = (pair: { currency_id: number; legal_id: number }, o: CheckedOpen) =>
    void place.submit({
      currency_id: pair.currency_id,
      legal_id: pair.legal_id,
      ...o,
      // Optional on the wire: an absent field is not sent.
      target_price: o.target_price,
      target_profit_price: o.target_profit_price,
      stop_loss_price: o.stop_loss_price,
    });
  return { place, openOn };
}

/** In place of the form while the futures terms load, or when they need a connection. */
function TermsWait({ unavailable }: { unavailable: boolean }) {
  return (
    <div className={fieldStyles.center}>
      {unavailable ? (
        <span className={fieldStyles.muted}>
          <Trans>The futures terms are shown when connected.</Trans>
        </span>
      ) : (
        <DotLoading color="primary" />
      )}
    </div>
  );
}
