import { Trans } from '@lingui/react/macro';
import type { Trader } from '@contract/copytrade';
import { Avatar } from './Avatar';
import { TraderStats } from './TraderStats';
import styles from './copytrade.module.css';

/** One trader of the list: who, whether the user follows them, and the hourly statistics. */
export function TraderCard({ trader, onOpen }: { trader: Trader; onOpen: (t: Trader) => void }) {
  return (
    <li className={styles.card} data-testid="trader" data-id={trader.user_id}>
      <button
        type="button"
        className={styles.cardHead}
        style={{ width: '100%', padding: 0, border: 0, background: 'none', color: 'inherit', textAlign: 'left' }}
        onClick={() => onOpen(trader)}
      >
        <Avatar name={trader.name} src={trader.avatar} />
        <span className={styles.cardTitle}>
          <strong>{trader.name}</strong>
          <small>
            <Trans>{trader.stats.followers} followers</Trans>
          </small>
        </span>
        {trader.demo && (
          <span className={styles.tag}>
            <Trans>Demo</Trans>
          </span>
        )}
        {trader.is_me ? (
          <span className={styles.tagOn}>
            <Trans>You</Trans>
          </span>
        ) : trader.my_follow ? (
          <span className={styles.tagOn}>
            <Trans>Following</Trans>
          </span>
        ) : null}
      </button>
      <TraderStats stats={trader.stats} />
    </li>
  );
}
