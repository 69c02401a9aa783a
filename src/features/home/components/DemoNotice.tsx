import { Trans } from '@lingui/react/macro';
import styles from './home.module.css';

/** Demo mode must be visible: prices here come from the simulated feed, not a real market. */
export function DemoNotice({ hidden = false }: { hidden?: boolean }) {
  if (hidden)
    return (
      <div className={styles.demo} style={{ visibility: 'hidden' }} aria-hidden="true">
        <DemoNoticeText />
      </div>
    );
  return (
    <div role="note" className={styles.demo} data-testid="demo-notice">
      <DemoNoticeText />
    </div>
  );
}

/** The same text in the notice and in its hidden placeholder, so both take the same height. */
function DemoNoticeText() {
  return (
    <>
      <span className={styles.demoBadge}>
        <Trans>Demo</Trans>
      </span>
      <span>
        <Trans>Simulated market data: prices and balances on this site are for demonstration only.</Trans>
      </span>
    </>
  );
}
