import { useCallback, useState } from 'react';
import { Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OtcOrder } from '@contract/otc';
import { PagedOrderList } from '@/components/OrderListShell';
import { formatDateTime, formatMoney } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { fetchOrders } from '../api/otc';
import { ORDER_STATE_LABELS } from '../model/texts';
import { usePaged } from '../state/usePaged';
import { LIST_TEXTS } from './MarketView';
import styles from './otc.module.css';

/** The user's orders, open or finished, newest first, more on scrolling. */
export function MyOrders({ onOrder }: { onOrder: (id: number) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(true);
  const load = useCallback((page: number) => fetchOrders(open, page), [open]);
  const list = usePaged(open ? 'open' : 'done', load);
  return (
    <>
      <Tabs activeKey={open ? 'open' : 'done'} onChange={(k) => setOpen(k === 'open')}>
        <Tabs.Tab key="open" title={t`In progress`} />
        <Tabs.Tab key="done" title={t`Finished`} />
      </Tabs>
      <PagedOrderList
        texts={LIST_TEXTS}
        list={list}
        count={list.rows?.length}
        empty={list.failed ? t`Your orders could not be loaded. Pull down to try again.` : t`No orders`}
        classes={styles}
      >
        <ul className={styles.cards} data-testid={`otc-orders-${open ? 'open' : 'done'}`}>
          {list.rows?.map((o) => (
            <OrderRow key={o.id} order={o} onOpen={() => onOrder(o.id)} />
          ))}
        </ul>
      </PagedOrderList>
    </>
  );
}

function OrderRow({ order, onOpen }: { order: OtcOrder; onOpen: () => void }) {
  const { i18n } = useLingui();
  const buying = order.my_side === 'buy';
  const coin = order.coin;
  return (
    <li className={styles.card}>
      <button type="button" onClick={onOpen} className={styles.cardButton} data-testid={`otc-order-${order.id}`}>
        <span className={styles.cardHead}>
          <span className={styles.name}>{buying ? <Trans>Buy {coin}</Trans> : <Trans>Sell {coin}</Trans>}</span>
          <span className={styles.stats}>{i18n._(ORDER_STATE_LABELS[order.status])}</span>
        </span>
        <span className={styles.cardHead}>
          <span>
            {formatMoney(order.quantity, coin)} {coin}
          </span>
          <span>
            {formatMoney(order.fiat_amount, order.fiat)} {order.fiat}
          </span>
        </span>
        <span className={styles.stats}>
          {buying ? order.seller.nickname : order.buyer.nickname} · {formatDateTime(order.created_at, activeBcp47())}
        </span>
      </button>
    </li>
  );
}
