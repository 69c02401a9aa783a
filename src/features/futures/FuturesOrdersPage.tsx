import { useState } from 'react';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LeverTotals, Position } from '@contract/futures';
import type { PairQuote } from '@contract/market';
import { OrderListPage, PagedOrderList } from '@/components/OrderListShell';
import { useOnline } from '@/components/OfflineBanner';
import { formatDateTime, formatMoney, trend } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import type { FuturesOrderTab } from '@/lib/nav';
import { LIST_TEXTS } from './model/listTexts';
import { totalsAt } from './model/position';
import { useLeverPairs } from './state/pairs';
import { usePositions, useLeverEvents } from './state/positions';
import { useLivePrices } from './state/terms';
import { BatchCloseBar } from './components/BatchCloseBar';
import { PairSwitcher } from './components/PairSwitcher';
import { PositionsPanel } from './components/PositionsPanel';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './components/futures.module.css';

interface FuturesOrdersPageProps {
  tab: FuturesOrderTab;
  symbol?: string;
  onTab: (tab: FuturesOrderTab) => void;
}

/** Positions, pending limit opens and history (SPEC.md contract_order), with a pair filter. */
export function FuturesOrdersPage({ tab, symbol: initialSymbol, onTab }: FuturesOrdersPageProps) {
  const { t } = useLingui();
  const [symbol, setSymbol] = useState<string | undefined>(initialSymbol);
  const [picking, setPicking] = useState(false);
  const { pairs } = useLeverPairs();
  const pair = symbol ? pairs?.find((p) => p.symbol === symbol) : undefined;

  return (
    <OrderListPage
      className={styles.page}
      title={t`Futures orders`}
      tabs={[
        { key: 'positions', title: t`Positions` },
        { key: 'pending', title: t`Pending` },
        { key: 'history', title: t`History` },
      ]}
      tab={tab}
      onTab={onTab}
      tabsClassName={styles.tabs}
      filters={
        <div className={styles.batch} role="group" aria-label={t`Filters`} style={{ paddingBottom: 0 }}>
          <button
            type="button"
            className={styles.batchButton}
            style={{ flex: '0 0 auto' }}
            aria-label={t`Pair filter: ${symbol ?? t`All pairs`}`}
            onClick={() => setPicking(true)}
          >
            {symbol ?? <Trans>All pairs</Trans>} <DownFill fontSize={8} />
          </button>
        </div>
      }
      loginTitle={t`Log in to see your positions.`}
      linkClassName={styles.link}
      waiting={!!symbol && !pair}
      centerClassName={fieldStyles.center}
      after={
        <PairSwitcher
          open={picking}
          pairs={pairs ?? []}
          current={symbol ?? ''}
          onPick={(p) => (setSymbol(p.symbol), setPicking(false))}
          onAll={() => (setSymbol(undefined), setPicking(false))}
          onClose={() => setPicking(false)}
        />
      }
    >
      <PositionsList key={`${tab}:${symbol ?? ''}`} tab={tab} pair={pair} pairs={pairs} />
    </OrderListPage>
  );
}

function PositionsList({
  tab,
  pair,
  pairs,
}: {
  tab: FuturesOrderTab;
  pair: PairQuote | undefined;
  pairs: PairQuote[] | undefined;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const list = usePositions(tab === 'history' ? 'history' : 'current', pair);
  useLeverEvents(() => void list.refresh());
  const shown = list.positions?.filter((p) =>
    tab === 'positions' ? p.status === 'open' : tab === 'pending' ? p.status === 'pending' : true,
  );
  const asOf = (list.failed || !online) && list.savedAt ? formatDateTime(list.savedAt, activeBcp47()) : '';
  const openOnes = tab === 'positions' ? (shown ?? []) : [];
  const marks = useLivePrices(openOnes.map((p) => p.symbol));
  return (
    <PagedOrderList
      texts={LIST_TEXTS}
      list={list}
      count={shown?.length}
      asOf={asOf && <Trans>Offline: positions as of {asOf}</Trans>}
      header={
        tab === 'positions' &&
        list.totals && (
          <PositionTotals
            totals={list.totals}
            openOnes={openOnes}
            marks={marks}
            pair={pair}
            online={online}
            onDone={() => void list.refresh()}
          />
        )
      }
      paged={tab === 'history'}
      classes={fieldStyles}
    >
      <PositionsPanel
        positions={shown}
        pairs={pairs}
        actions={tab !== 'history'}
        online={online}
        empty={
          tab === 'positions' ? t`No open positions.` : tab === 'pending' ? t`No pending orders.` : t`No history yet.`
        }
        testId={`positions-${tab}`}
        onChanged={() => void list.refresh()}
      />
    </PagedOrderList>
  );
}

/** The positions tab's totals at the live marks, the risk rate's meaning and the batch close. */
function PositionTotals({
  totals,
  openOnes,
  marks,
  pair,
  online,
  onDone,
}: {
  totals: LeverTotals;
  openOnes: Position[];
  marks: Parameters<typeof totalsAt>[1];
  pair: PairQuote | undefined;
  online: boolean;
  onDone: () => void;
}) {
  const { t } = useLingui();
  // Totals at the live marks: the sum of the positions' figures as each row shows them.
  const atMarks = totalsAt(openOnes, marks);
  const profit = atMarks.profit;
  const color = trend(profit) === 'up' ? 'var(--app-up)' : trend(profit) === 'down' ? 'var(--app-down)' : undefined;
  return (
    <>
      <dl className={styles.summary} aria-label={t`Totals`}>
        <dt>
          <Trans>Unrealised profit</Trans>
        </dt>
        <dt>
          <Trans>Margin</Trans>
        </dt>
        <dt>
          <Trans>Available</Trans>
        </dt>
        <dd data-testid="total-profit" style={{ color }}>
          {formatMoney(openOnes.length ? profit : totals.profits, 'USDT')}
        </dd>
        <dd>{formatMoney(totals.caution_money, 'USDT')}</dd>
        <dd>{formatMoney(totals.balance, 'USDT')} USDT</dd>
        <dt>
          <Trans>Risk rate</Trans>
        </dt>
        <dt />
        <dt />
        <dd data-testid="total-risk-rate">
          {(openOnes.length ? atMarks.hazardRate : totals.hazard_rate) ?? '--'}
          {(openOnes.length ? atMarks.hazardRate : totals.hazard_rate) !== null ? '%' : ''}
        </dd>
      </dl>
      <p className={styles.hint} style={{ padding: '0 12px' }}>
        <Trans>
          Risk rate = (margin + unrealised profit) / maintenance margin at the mark price. Near 100% the position
          reaches its liquidation price.
        </Trans>
      </p>
      <BatchCloseBar open={openOnes} pair={pair} online={online} onDone={onDone} />
    </>
  );
}
