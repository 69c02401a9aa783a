import { useCallback, useEffect, useState } from 'react';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { OPEN_ORDER_STATES, type OtcOrder } from '@contract/otc';
import { formatDateTime, formatMoney } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { userAtom } from '@/lib/state';
import { fetchOrder } from '../api/otc';
import { countdown, orderStep } from '../model/otc';
import { CANCEL_LABELS, METHOD_LABELS, ORDER_STATE_LABELS, PAY_TO_LABELS } from '../model/texts';
import { useNow } from '../state/useNow';
import { usePaidQueue } from '../state/usePaidQueue';
import { OrderActions } from './OrderActions';
import { OrderChat } from './OrderChat';
import { OrderImage } from './OrderImage';
import { QueuedPaid } from './QueuedPaid';
import styles from './otc.module.css';

const POLL_MS = 10_000;

/** One order: its status and steps, the countdown to pay, what to pay where, the actions and the chat. */
export function OrderView({ id }: { id: number }) {
  const { t } = useLingui();
  const [order, setOrder] = useState<OtcOrder | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const me = useAtomValue(userAtom);
  const load = useCallback(() => {
    fetchOrder(id).then(
      (o) => {
        setOrder(o);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [id]);
  const paidQueue = usePaidQueue(id, load);
  const open = order !== undefined && OPEN_ORDER_STATES.includes(order.status);
  // The other side moves the order too: read it again while it is open.
  useEffect(() => {
    const first = setTimeout(load, 0);
    const timer = open ? setInterval(load, POLL_MS) : undefined;
    return () => {
      clearTimeout(first);
      if (timer) clearInterval(timer);
    };
  }, [load, open]);
  if (order === undefined) {
    return failed ? (
      <ErrorBlock status="disconnected" title={t`The order could not be loaded.`} description="">
        <button type="button" className={styles.primary} onClick={load}>
          <Trans>Retry</Trans>
        </button>
      </ErrorBlock>
    ) : (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  return (
    <div data-testid="otc-order">
      <OrderStatus order={order} />
      {paidQueue.entry && <QueuedPaid entry={paidQueue.entry} order={order} onDismiss={paidQueue.dismiss} />}
      <OrderFigures order={order} />
      <OrderActions order={order} onChanged={setOrder} paidQueue={paidQueue} />
      {me && <OrderChat order={order} me={me.id} />}
    </div>
  );
}

function OrderStatus({ order }: { order: OtcOrder }) {
  const { t, i18n } = useLingui();
  const now = useNow(1000, order.status === 'unpaid');
  const step = orderStep(order.status);
  const finished = order.status === 'cancelled' ? t`Cancelled` : t`Completed`;
  const steps = [t`Awaiting payment`, order.status === 'appeal' ? t`Under appeal` : t`Paid`, finished];
  return (
    <section className={styles.section}>
      <p className={styles.status} data-testid="otc-order-status">
        {i18n._(ORDER_STATE_LABELS[order.status])}
      </p>
      {order.cancel_cause && <p className={styles.hint}>{i18n._(CANCEL_LABELS[order.cancel_cause])}</p>}
      {order.status === 'unpaid' && (
        <p className={styles.hint}>
          {order.my_side === 'buy' ? <Trans>Pay within</Trans> : <Trans>The buyer pays within</Trans>}{' '}
          <span className={styles.countdown} data-testid="otc-countdown">
            {countdown(order.pay_deadline, now)}
          </span>
        </p>
      )}
      <ol className={styles.steps} aria-label={t`Progress`}>
        {steps.map((s, i) => (
          <li key={i} className={`${styles.step} ${i <= step ? styles.stepDone : ''}`} aria-current={i === step}>
            {s}
          </li>
        ))}
      </ol>
    </section>
  );
}

function OrderFigures({ order }: { order: OtcOrder }) {
  const { t, i18n } = useLingui();
  const locale = activeBcp47();
  const buying = order.my_side === 'buy';
  return (
    <section className={styles.section}>
      <dl className={styles.figures}>
        <dt>{buying ? <Trans>You buy</Trans> : <Trans>You sell</Trans>}</dt>
        <dd data-testid="otc-order-quantity">
          {formatMoney(order.quantity, order.coin)} {order.coin}
        </dd>
        <dt>
          <Trans>Price</Trans>
        </dt>
        <dd>
          {formatMoney(order.price, order.fiat)} {order.fiat}
        </dd>
        <dt>{buying ? <Trans>You pay</Trans> : <Trans>You receive</Trans>}</dt>
        <dd data-testid="otc-order-fiat">
          {formatMoney(order.fiat_amount, order.fiat)} {order.fiat}
        </dd>
        <dt>{buying ? <Trans>Seller</Trans> : <Trans>Buyer</Trans>}</dt>
        <dd>{buying ? order.seller.nickname : order.buyer.nickname}</dd>
        <dt>
          <Trans>Order number</Trans>
        </dt>
        <dd>{order.id}</dd>
        <dt>
          <Trans>Opened</Trans>
        </dt>
        <dd>{formatDateTime(order.created_at, locale)}</dd>
        <dt>
          <Trans>Payment method</Trans>
        </dt>
        <dd>{i18n._(METHOD_LABELS[order.method])}</dd>
      </dl>
      <h3 className={styles.sectionTitle} style={{ marginTop: 12 }}>
        {buying ? <Trans>Pay to</Trans> : <Trans>The buyer pays to your account</Trans>}
      </h3>
      <dl className={styles.figures} data-testid="otc-pay-to">
        {Object.entries(order.pay_to).map(([k, v]) => (
          <PayToField key={k} name={k} value={v} />
        ))}
      </dl>
      {order.proof && (
        <>
          <h3 className={styles.sectionTitle} style={{ marginTop: 12 }}>
            <Trans>Payment proof</Trans>
          </h3>
          <OrderImage orderId={order.id} image={order.proof} alt={t`Payment proof`} />
        </>
      )}
      {order.appeal && <AppealFacts order={order} />}
    </section>
  );
}

function PayToField({ name, value }: { name: string; value: string }) {
  const { i18n } = useLingui();
  const label = PAY_TO_LABELS[name];
  return (
    <>
      <dt>{label ? i18n._(label) : name}</dt>
      <dd>{value}</dd>
    </>
  );
}

function AppealFacts({ order }: { order: OtcOrder }) {
  const { t } = useLingui();
  const appeal = order.appeal!;
  const by = appeal.by === order.buyer.user_id ? order.buyer.nickname : order.seller.nickname;
  return (
    <>
      <h3 className={styles.sectionTitle} style={{ marginTop: 12 }}>
        <Trans>Appeal by {by}</Trans>
      </h3>
      <p className={styles.hint}>{appeal.text}</p>
      <div className={styles.images}>
        {appeal.images.map((img) => (
          <OrderImage key={img} orderId={order.id} image={img} alt={t`Appeal image`} />
        ))}
      </div>
      {appeal.decision && (
        <p className={styles.hint}>
          {appeal.decision === 'release' ? (
            <Trans>Staff decided: coins released to the buyer.</Trans>
          ) : (
            <Trans>Staff decided: coins returned to the seller.</Trans>
          )}
        </p>
      )}
    </>
  );
}
