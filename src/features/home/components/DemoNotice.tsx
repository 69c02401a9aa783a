import { Trans } from '@lingui/react/macro';
import styles from './home.module.css';

/** Demo mode must be visible: prices here come from the simulated feed, not a real market. */
export function DemoNotice() {
  return (
    <div role="note" className={styles.demo} data-testid="demo-notice">
      <span className={styles.demoBadge}>
        <Trans>Demo</Trans>
      </span>
      <span>
        <Trans>Simulated market data: prices and balances on this site are for demonstration only.</Trans>
      </span>
    </div>
  );
}
