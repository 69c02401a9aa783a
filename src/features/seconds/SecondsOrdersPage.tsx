import { Trans, useLingui } from '@lingui/react/macro';
import { OrderListPage, PagedOrderList } from '@/components/OrderListShell';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import type { SecondsOrderTab } from '@/lib/nav';
import { useNow } from './hooks/useNow';
import { LIST_TEXTS } from './model/listTexts';
import { useSettlements } from './state/actions';
import { useMicroOrders } from './state/orders';
import { useMicroPairs } from './state/terms';
import { OrderCard } from './components/OrderCard';
import { ResultSheet } from './components/ResultSheet';
import styles from './components/seconds.module.css';

interface SecondsOrdersPageProps {
  state: SecondsOrderTab;
  /** Only this pair's contracts; all pairs when absent. */
  symbol?: string;
  onState: (state: SecondsOrderTab) => void;
}

/** The user's seconds contracts (SPEC.md: holding and history), 5 a page, readable offline. */
export function SecondsOrdersPage({ state, symbol, onState }: SecondsOrdersPageProps) {
  const { t } = useLingui();
  const { pairs } = useMicroPairs();
  const pair = symbol ? pairs?.find((p) => p.symbol === symbol) : undefined;
  return (
    <OrderListPage
      className={styles.page}
      title={symbol ? t`Seconds contracts · ${symbol}` : t`My seconds contracts`}
      tabs={[
        { key: 'holding', title: t`Holding` },
        { key: 'history', title: t`History` },
      ]}
      tab={state}
      onTab={onState}
      loginTitle={t`Log in to see your contracts.`}
      linkClassName={styles.link}
      waiting={!!symbol && pairs === undefined}
      centerClassName={styles.center}
    >
      <OrderList
        key={`${state}:${pair?.id ?? ''}`}
        state={state}
        matchId={pair?.id}
        decimalsOf={(s) => pairs?.find((p) => p.symbol === s)?.price_decimals ?? 2}
      />
    </OrderListPage>
  );
}

function OrderList({
  state,
  matchId,
  decimalsOf,
}: {
  state: SecondsOrderTab;
  matchId: number | undefined;
  decimalsOf: (symbol: string) => number;
}) {
  const { t } = useLingui();
  const list = useMicroOrders(state, matchId);
  const holdingRows = state === 'holding' ? list.orders : undefined;
  const settlements = useSettlements(holdingRows, () => void list.refresh());
  // Holding: countdowns every second; history: time-ago labels every minute.
  const now = useNow(state === 'holding' ? 1000 : 60_000, (list.orders?.length ?? 0) > 0);
  const asOf = list.failed && list.savedAt ? formatDateTime(list.savedAt, activeBcp47()) : '';
  return (
    <PagedOrderList
      texts={LIST_TEXTS}
      list={list}
      count={list.orders?.length}
      asOf={asOf && <Trans>Offline: contracts as of {asOf}</Trans>}
      empty={state === 'holding' ? t`No holding contracts` : t`No settled contracts yet`}
      classes={styles}
      after={
        <ResultSheet
          order={settlements.result}
          decimals={settlements.result ? decimalsOf(settlements.result.symbol) : 2}
          onClose={settlements.dismiss}
        />
      }
    >
      <ul className={styles.cards} data-testid={`micro-${state}`}>
        {list.orders?.map((row) => (
          <OrderCard key={row.order.id} row={row} now={now} decimals={decimalsOf(row.order.symbol)} />
        ))}
      </ul>
    </PagedOrderList>
  );
}
