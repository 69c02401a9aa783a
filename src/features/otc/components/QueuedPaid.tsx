import { Trans } from '@lingui/react/macro';
import type { OtcOrder } from '@contract/otc';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { paymentWindowEnded } from '../model/otc';
import type { QueuedPaidEntry } from '../state/usePaidQueue';
import { useNow } from '../state/useNow';
import styles from './otc.module.css';

/**
 * A "paid" the buyer marked while the network failed: waiting, or refused by the server. The
 * payment window keeps running meanwhile, so a mark that reaches the server after it ended is
 * refused; the screen says so in words rather than leaving only the server's message.
 */
export function QueuedPaid(props: { entry: QueuedPaidEntry; order: OtcOrder; onDismiss: () => void }) {
  const { entry, order } = props;
  const locale = activeBcp47();
  const now = useNow(1000, entry.state === 'queued');
  const at = formatDateTime(entry.at, locale);
  const deadline = formatDateTime(order.pay_deadline, locale);
  const windowEnded = paymentWindowEnded(order, now);
  if (entry.state === 'sent') return null;
  if (entry.state === 'queued') {
    return (
      <section className={`${styles.section} ${styles.queued}`} data-testid="otc-paid-queued" role="status">
        <p className={styles.queuedTitle}>
          <Trans>Marked paid — waiting for the network; it will be sent automatically.</Trans>
        </p>
        <p className={styles.hint}>
          <Trans>Saved at {at}.</Trans>
        </p>
        {windowEnded ? (
          <p className={styles.error}>
            <Trans>
              The payment window ended at {deadline} and this mark has not reached the server yet: the order will not be
              marked paid.
            </Trans>
          </p>
        ) : (
          <p className={styles.hint}>
            <Trans>It must reach the server before the payment window ends at {deadline}.</Trans>
          </p>
        )}
      </section>
    );
  }
  return (
    <section className={`${styles.section} ${styles.refused}`} data-testid="otc-paid-refused" role="alert">
      <p className={styles.queuedTitle}>
        <Trans>Your "paid" mark saved at {at} was refused.</Trans>
      </p>
      {windowEnded && (
        <p className={styles.error} data-testid="otc-paid-window-ended">
          <Trans>
            The payment window ended at {deadline} before the mark reached the server, so the order is not marked paid.
            If you have already paid, contact the seller.
          </Trans>
        </p>
      )}
      {entry.error && <p className={styles.error}>{entry.error}</p>}
      <button type="button" className={styles.secondary} onClick={props.onDismiss} data-testid="otc-paid-dismiss">
        <Trans>OK</Trans>
      </button>
    </section>
  );
}
