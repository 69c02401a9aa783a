import { useState } from 'react';
import { Dialog } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Conditional } from '@contract/conditional';
import type { OrderSide } from '@contract/trade';
import { PagedOrderList } from '@/components/OrderListShell';
import { formatDateTime, formatPrice, stepDecimals } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { apiErrorsShown } from '@/lib/submit';
import { fetchOrderDetail, type OrderWithFills } from '../api/trade';
import { KIND_LABELS } from '../model/conditionalLabels';
import { LIST_TEXTS } from '../model/listTexts';
import { SIDE_LABELS } from '../model/labels';
import { useCancelConditional, useConditionals } from '../state/conditional';
import { ConditionalItem } from './ConditionalItem';
import { OrderDetailSheet } from './OrderDetailSheet';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

export type ConditionalListState = ReturnType<typeof useConditionals>;

/** Cancelling a waiting stop order after a confirmation that names it and says its funds come back. */
function useConfirmCancel(onDone: () => void) {
  const { t, i18n } = useLingui();
  const cancel = useCancelConditional(onDone);
  const ask = (c: Conditional) => {
    const what = `${i18n._(SIDE_LABELS[c.side])} · ${i18n._(KIND_LABELS[c.kind])} ${c.symbol}`;
    const trigger = formatPrice(c.trigger_price, Math.max(2, stepDecimals(c.trigger_price)));
    void Dialog.confirm({
      title: t`Cancel this stop order?`,
      content: (
        <p data-testid="cancel-stop-dialog">
          {c.kind === 'oco'
            ? t`${what}, trigger ${trigger}: its limit order and its stop are both cancelled, and its held funds are released.`
            : t`${what}, trigger ${trigger}: it will not fire, and its held funds are released.`}
        </p>
      ),
      confirmText: t`Cancel stop order`,
      cancelText: t`Keep it`,
      onConfirm: () => cancel.submit(c.id),
    });
  };
  return { ask, busy: cancel.busy };
}

/** The rows, a cancel (with confirmation) on waiting ones, and the order a triggered one became. */
export function ConditionalRows({ list, side }: { list: ConditionalListState; side?: OrderSide }) {
  const cancel = useConfirmCancel(() => void list.refresh());
  const [opened, setOpened] = useState<OrderWithFills | null>(null);
  const openOrder = (id: number) => void fetchOrderDetail(id).then(setOpened, apiErrorsShown('order detail'));
  const rows = side ? list.rows?.filter((c) => c.side === side) : list.rows;
  return (
    <>
      <ul className={styles.orders} data-testid="conditionals">
        {rows?.map((c) => (
          <ConditionalItem key={c.id} item={c} onCancel={cancel.ask} cancelling={cancel.busy} onOrder={openOrder} />
        ))}
      </ul>
      <OrderDetailSheet order={opened} onClose={() => setOpened(null)} />
    </>
  );
}

/** The orders page's "Conditional" tab: every pair or one, pull to refresh, more on scrolling. */
export function PagedConditionals({
  pair,
  side,
}: {
  pair: { symbol: string; currency_id: number; legal_id: number } | undefined;
  side: OrderSide | undefined;
}) {
  const { t } = useLingui();
  const list = useConditionals(pair);
  const asOf = list.failed && list.savedAt ? formatDateTime(list.savedAt, activeBcp47()) : '';
  const count = list.rows?.filter((c) => !side || c.side === side).length;
  return (
    <PagedOrderList
      texts={LIST_TEXTS}
      list={list}
      count={count}
      asOf={asOf && <Trans>Offline: orders as of {asOf}</Trans>}
      empty={t`No stop orders yet`}
      classes={fieldStyles}
    >
      <ConditionalRows list={list} side={side} />
    </PagedOrderList>
  );
}
