import { useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';
import { slowRequests, subscribeSlowRequests } from '@/lib/http/slow';
import styles from './SlowRequestSpinner.module.css';

/**
 * The loading spinner of SPEC.md section 9: shown while a request has been waiting longer than
 * 800 ms. A small pill under the navigation bar that lets taps through: the screen stays usable,
 * and its own placeholders still say what is missing.
 */
export function SlowRequestSpinner() {
  const slow = useSyncExternalStore(subscribeSlowRequests, slowRequests, () => 0);
  if (slow === 0) return null;
  return (
    <div className={styles.pill} role="status" aria-live="polite" data-testid="slow-request-spinner" data-transient="">
      <span className={styles.spinner} aria-hidden="true" />
      <span>
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}
