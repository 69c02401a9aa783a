import { useState } from 'react';
import { DotLoading, Tabs } from 'antd-mobile';
import DownFill from 'antd-mobile-icons/es/DownFill';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { PairQuote } from '@contract/market';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { formatDateTime, formatGrouped, formatPercent, toDecimal, trend } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo, useGoLogin } from '@/lib/nav';
import { isLoggedInAtom, siteAtom } from '@/lib/state';
import { useContractMessage } from '@/lib/validation';
import { checkOpen, previewOpen, type LeverDraft } from './model/form';
import { useOpenPosition } from './state/actions';
import { useLeverPair } from './state/pairs';
import { useLeverEvents, usePositions } from './state/positions';
import { useLivePrice, useTerms } from './state/terms';
import { ConfirmSheet, type PendingOpen } from './components/ConfirmSheet';
import { OrderForm } from './components/OrderForm';
import { PairSwitcher } from './components/PairSwitcher';
import { PositionsPanel } from './components/PositionsPanel';
import headStyles from '@/components/PairHead/PairHead.module.css';
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
  const { t } = useLingui();
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
  const [switching, setSwitching] = useState(false);
  const [tab, setTab] = useState<'open' | 'pending'>('open');

  const afterChange = () => {
    void current.refresh();
    void refreshTerms();
  };
  useLeverEvents(afterChange);
  const place = useOpenPosition(() => {
    setPending(null);
    setDraft((d) => ({ ...d, takeProfit: '', stopLoss: '' }));
    afterChange();
  });

  if (pair === undefined) {
    return (
      <div className={styles.page}>
        <NavBar title={t`Futures`} />
        <div className={fieldStyles.center}>
          <DotLoading color="primary" />
        </div>
      </div>
    );
  }
  if (pair === null) {
    return (
      <div className={styles.page}>
        <NavBar title={t`Futures`} />
        <p className={fieldStyles.muted}>
          {pairsFailed ? (
            <Trans>This pair is not available offline yet.</Trans>
          ) : (
            <Trans>Futures are not offered on this pair.</Trans>
          )}
        </p>
        {pairs && pairs[0] && (
          <button type="button" className={styles.link} onClick={() => onPair(pairs[0]!)}>
            <Trans>Trade {pairs[0].symbol} futures</Trans>
          </button>
        )}
      </div>
    );
  }

  const [base = '', quote = ''] = symbol.split('/');
  const settle = terms?.settle_currency ?? 'USDT';
  const multiples = terms?.multiples ?? [];
  const draft: LeverDraft = typed.multiple ? typed : { ...typed, multiple: defaultMultiple(multiples) };
  const last = live?.price ?? terms?.last_price ?? pair.now_price;
  const change = live?.change ?? pair.change;
  const stale = live?.stale ?? terms?.stale ?? pair.stale;
  const direction = trend(change);
  const estimate = terms ? previewOpen(draft, terms, last, pair.price_decimals) : null;
  const offlineAsOf = !online || failed || pairsFailed ? (savedAt ?? current.savedAt ?? pairsSavedAt) : undefined;
  const positions = current.positions ?? undefined;
  const openOnes = positions?.filter((p) => p.status === 'open');
  const pendingOnes = positions?.filter((p) => p.status === 'pending');

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
      <NavBar
        title={t`Futures`}
        right={
          <button
            type="button"
            className={headStyles.iconButton}
            aria-label={t`Futures orders`}
            onClick={() => go({ to: pages.transaction.contract_order, search: { tab: 'positions' } })}
          >
            <UnorderedListOutline />
          </button>
        }
      />
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
            data-testid="last-price"
            style={{
              color: direction === 'up' ? 'var(--app-up)' : direction === 'down' ? 'var(--app-down)' : undefined,
            }}
          >
            {last ? formatGrouped(last, pair.price_decimals) : '--'}
          </strong>
          <span style={{ color: 'var(--app-text-secondary)' }}>{formatPercent(toDecimal(change)?.div(100))}</span>
        </div>
      </div>
      <div className={fieldStyles.notes}>
        {(site.demo || pair.source === 'simulated') && (
          <span className={fieldStyles.tag}>
            <Trans>Simulated prices</Trans>
          </span>
        )}
        {stale && (
          <span className={fieldStyles.warn}>
            <Trans>No live price: market opens and closes are paused</Trans>
          </span>
        )}
        {offlineAsOf && (
          <span className={fieldStyles.warn} data-testid="as-of">
            <Trans>As of {formatDateTime(offlineAsOf, activeBcp47())}</Trans>
          </span>
        )}
      </div>
      {signedIn && !terms ? (
        <div className={fieldStyles.center}>
          {terms === null && (failed || !online) ? (
            <span className={fieldStyles.muted}>
              <Trans>The futures terms are shown when connected.</Trans>
            </span>
          ) : (
            <DotLoading color="primary" />
          )}
        </div>
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
        <div className={fieldStyles.lower}>
          <Tabs activeKey={tab} onChange={(k) => setTab(k as 'open' | 'pending')}>
            <Tabs.Tab key="open" title={t`Positions (${openOnes?.length ?? 0})`} />
            <Tabs.Tab key="pending" title={t`Pending (${pendingOnes?.length ?? 0})`} />
          </Tabs>
          <div className={styles.lowerHead}>
            <span className={fieldStyles.label}>{symbol}</span>
            <button
              type="button"
              className={styles.link}
              onClick={() =>
                go({ to: pages.transaction.contract_order, search: { tab: tab === 'open' ? 'positions' : 'pending' } })
              }
            >
              <Trans>All positions and history</Trans>
            </button>
          </div>
          <PositionsPanel
            positions={tab === 'open' ? openOnes : pendingOnes}
            pairs={pairs}
            actions
            online={online}
            empty={tab === 'open' ? t`No open positions.` : t`No pending orders.`}
            testId={tab === 'open' ? 'open-positions' : 'pending-orders'}
            onChanged={afterChange}
          />
        </div>
      )}
      <PairSwitcher
        open={switching}
        pairs={pairs ?? []}
        current={symbol}
        onPick={(p) => {
          setSwitching(false);
          onPair(p);
        }}
        onClose={() => setSwitching(false)}
      />
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
        onConfirm={() => {
          if (!pending) return;
          const o = pending.order;
          void place.submit({
            currency_id: pair.currency_id,
            legal_id: pair.legal_id,
            ...o,
            // Optional on the wire: an absent field is not sent.
            target_price: o.target_price,
            target_profit_price: o.target_profit_price,
            stop_loss_price: o.stop_loss_price,
          });
        }}
      />
    </div>
  );
}
