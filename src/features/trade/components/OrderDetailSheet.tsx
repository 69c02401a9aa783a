import { useEffect, useState } from 'react';
import { DotLoading, Popup } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { settlementRef } from '@contract/record';
import type { Order } from '@contract/trade';
import { VerifyLink } from '@/components/VerifyLink';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { apiErrorsShown } from '@/lib/submit';
import { fetchOrderDetail, type OrderWithFills } from '../api/trade';
import { CANCEL_REASON_LABELS } from '../model/labels';
import { trim } from '../model/form';
import { OrderItem } from './OrderItem';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

/** One order with its fills, read from the server when opened. */
export function OrderDetailSheet({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [detail, setDetail] = useState<OrderWithFills | null>(null);
  const id = order?.id;
  useEffect(() => {
    if (id === undefined) return;
    let active = true;
    fetchOrderDetail(id)
      .then((d) => active && setDetail(d))
      .catch(apiErrorsShown('order detail'));
    return () => {
      active = false;
    };
  }, [id]);
  const shown = detail?.id === id ? detail : null;
  const [base = '', quote = ''] = (order?.symbol ?? '').split('/');
  return (
    <Popup visible={order !== null} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      {order && (
        <div className={`${styles.confirm} ${fieldStyles.confirm}`} role="dialog" aria-label={t`Order details`}>
          <h2>
            <Trans>Order details</Trans>
          </h2>
          <ul className={styles.orders}>
            <OrderItem order={shown ?? order} />
          </ul>
          {(shown ?? order).cancel_reason && (
            <p className={fieldStyles.label}>{i18n._(CANCEL_REASON_LABELS[(shown ?? order).cancel_reason!])}</p>
          )}
          <h2 style={{ marginTop: 12 }}>
            <Trans>Fills</Trans>
          </h2>
          {!shown ? (
            <div className={fieldStyles.center}>
              <DotLoading color="primary" />
            </div>
          ) : shown.fills.length === 0 ? (
            <p className={fieldStyles.muted}>
              <Trans>No fills.</Trans>
            </p>
          ) : (
            <ul className={styles.fills} data-testid="fills">
              <li style={{ color: 'var(--app-text-weak)' }}>
                <span>
                  <Trans>Time</Trans>
                </span>
                <span>
                  <Trans>Price ({quote})</Trans>
                </span>
                <span>
                  <Trans>Amount ({base})</Trans>
                </span>
              </li>
              {shown.fills.map((f) => (
                <li key={f.id} data-testid="fill">
                  <span>{formatDateTime(Date.parse(f.created_at), activeBcp47())}</span>
                  <span>{trim(f.price)}</span>
                  <span>{trim(f.amount)}</span>
                  <span className={styles.fillVerify}>
                    <VerifyLink settlement={settlementRef.spotTrade(f.id)} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Popup>
  );
}
