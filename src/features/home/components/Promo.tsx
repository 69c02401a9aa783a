import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { Trans } from '@lingui/react/macro';
import styles from './home.module.css';

/** The spot-trading banner. It makes no fee claim: fees are whatever the API publishes. */
export function Promo({ onOpen }: { onOpen: () => void }) {
  return (
    <button type="button" className={styles.promo} onClick={onOpen}>
      <span>
        <span className={styles.promoTitle}>
          <Trans>Spot trading</Trans>
        </span>
        <span className={styles.promoText}>
          <Trans>BTC, ETH and more against USDT</Trans>
        </span>
      </span>
      <RightOutline aria-hidden="true" />
    </button>
  );
}
