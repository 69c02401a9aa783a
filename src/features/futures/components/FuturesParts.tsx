import { useState } from 'react';
import { DotLoading, Tabs } from 'antd-mobile';
import DownFill from 'antd-mobile-icons/es/DownFill';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Position } from '@contract/futures';
import type { PairQuote } from '@contract/market';
import { NavBar } from '@/components/NavBar';
import { formatChange, formatDateTime, formatPrice, trend } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo } from '@/lib/nav';
import { PairSwitcher } from './PairSwitcher';
import { PositionsPanel } from './PositionsPanel';
import headStyles from '@/components/PairHead/PairHead.module.css';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './futures.module.css';

/** The futures page while its pair loads, or when the pair has no futures (with a pair that has). */
export function NoFuturesPair({
  loading,
  failed,
  pairs,
  onPair,
}: {
  loading: boolean;
  failed: boolean;
  pairs: PairQuote[] | undefined;
  onPair: (pair: PairQuote) => void;
}) {
  const { t } = useLingui();
  if (loading) {
    return (
      <div className={styles.page}>
        <NavBar title={t`Futures`} />
        <div className={fieldStyles.center}>
          <DotLoading color="primary" />
        </div>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <NavBar title={t`Futures`} />
      <p className={fieldStyles.muted}>
        {failed ? (
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

/** Title bar, pair switch with its sheet, last price and change, and the notes on the price. */
export function FuturesHead({
  symbol,
  pair,
  pairs,
  last,
  change,
  simulated,
  stale,
  offlineAsOf,
  onPair,
}: {
  symbol: string;
  pair: PairQuote;
  pairs: PairQuote[] | undefined;
  last: string | null | undefined;
  change: string;
  simulated: boolean;
  stale: boolean;
  offlineAsOf: number | undefined;
  onPair: (pair: PairQuote) => void;
}) {
  const { t } = useLingui();
  const go = useGo();
  const [switching, setSwitching] = useState(false);
  const direction = trend(change);
  return (
    <>
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
            {last ? formatPrice(last, pair.price_decimals) : '--'}
          </strong>
          <span style={{ color: 'var(--app-text-secondary)' }}>{formatChange(change)}</span>
        </div>
      </div>
      <div className={fieldStyles.notes}>
        {simulated && (
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
    </>
  );
}

export type LowerTab = 'open' | 'pending';

/** Under the form: this pair's open positions and pending opens, with a link to all of them. */
export function LowerPositions({
  symbol,
  tab,
  onTab,
  positions,
  pairs,
  online,
  onChanged,
}: {
  symbol: string;
  tab: LowerTab;
  onTab: (tab: LowerTab) => void;
  positions: Position[] | undefined;
  pairs: PairQuote[] | undefined;
  online: boolean;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const go = useGo();
  const openOnes = positions?.filter((p) => p.status === 'open');
  const pendingOnes = positions?.filter((p) => p.status === 'pending');
  return (
    <div className={fieldStyles.lower}>
      <Tabs activeKey={tab} onChange={(k) => onTab(k as LowerTab)}>
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
        onChanged={onChanged}
      />
    </div>
  );
}
