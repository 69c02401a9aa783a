import { useState } from 'react';
import { Dialog, DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PairQuote } from '@contract/market';
import type { Position } from '@contract/futures';
import { formatMoney } from '@/lib/format';
import { SIDE_LABELS } from '../model/labels';
import { liveFigures, sideOf } from '../model/position';
import { useClosePosition, useSetStops } from '../state/actions';
import { useLivePrices } from '../state/terms';
import { PositionItem } from './PositionItem';
import { StopSheet } from './StopSheet';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './futures.module.css';

interface PositionsPanelProps {
  positions: Position[] | undefined;
  /** Pairs by symbol, for price decimals. */
  pairs: readonly PairQuote[] | undefined;
  /** History lists show no actions. */
  actions: boolean;
  online: boolean;
  empty: string;
  testId: string;
  onChanged: () => void;
}

/**
 * A list of positions or pending orders with live profit and risk rate at each pair's ticker price,
 * close (confirmed, showing the profit at the mark), cancel and the take-profit / stop-loss sheet.
 */
export function PositionsPanel({ positions, pairs, actions, online, empty, testId, onChanged }: PositionsPanelProps) {
  const { t, i18n } = useLingui();
  const live = positions?.filter((p) => p.status === 'open').map((p) => p.symbol) ?? [];
  const marks = useLivePrices(actions ? live : []);
  const [editing, setEditing] = useState<Position | null>(null);
  const close = useClosePosition(onChanged);
  const stops = useSetStops(() => {
    setEditing(null);
    onChanged();
  });
  const decimalsOf = (symbol: string) => pairs?.find((p) => p.symbol === symbol)?.price_decimals ?? 2;

  const confirmClose = async (p: Position) => {
    const side = i18n._(SIDE_LABELS[sideOf(p)]);
    const profit = formatMoney(liveFigures(p, marks[p.symbol]).profit, 'USDT');
    const sure = await Dialog.confirm({
      title: p.status === 'pending' ? t`Cancel this order?` : t`Close this position?`,
      content:
        p.status === 'pending'
          ? t`${side} ${p.multiple}x ${p.symbol}, ${p.share} lots: the margin and fee held come back.`
          : t`${side} ${p.multiple}x ${p.symbol}, ${p.share} lots, at the market price. Unrealised profit now: ${profit} USDT; a closing fee is charged.`,
      confirmText: p.status === 'pending' ? t`Cancel order` : t`Close`,
      cancelText: t`Keep`,
    });
    if (sure) void close.submit(p);
  };

  if (positions === undefined) {
    return (
      <div className={fieldStyles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (positions.length === 0) return <ErrorBlock status="empty" title={empty} description="" />;
  return (
    <>
      <ul className={styles.positions} data-testid={testId}>
        {positions.map((p) => (
          <PositionItem
            key={p.id}
            position={p}
            mark={marks[p.symbol]}
            priceDecimals={decimalsOf(p.symbol)}
            busy={close.busy}
            disabled={!online}
            onClose={actions ? (x) => void confirmClose(x) : undefined}
            onStops={actions ? setEditing : undefined}
          />
        ))}
      </ul>
      {actions && !online && (
        <p className={fieldStyles.muted}>
          <Trans>Offline: closing and editing wait until you are connected.</Trans>
        </p>
      )}
      <StopSheet
        position={editing}
        mark={editing ? marks[editing.symbol] : undefined}
        priceDecimals={editing ? decimalsOf(editing.symbol) : 2}
        busy={stops.busy}
        onSave={(s) => editing && void stops.submit(editing.id, s)}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
