import { useLingui } from '@lingui/react/macro';
import StarFill from 'antd-mobile-icons/es/StarFill';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import styles from './market.module.css';

export function StarButton({ starred, onToggle }: { starred: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={starred ? `${styles.star} ${styles.starOn}` : styles.star}
      aria-label={starred ? t`Remove from favorites` : t`Add to favorites`}
      aria-pressed={starred}
      data-testid="star"
      onClick={(e) => {
        e.stopPropagation();
        onToggle();
      }}
    >
      {starred ? <StarFill /> : <StarOutline />}
    </button>
  );
}
