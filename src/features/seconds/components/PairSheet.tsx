import { Popup } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PairQuote } from '@contract/market';
import { formatChange, formatPrice, trend } from '@/lib/format';
import styles from './seconds.module.css';

interface PairSheetProps {
  open: boolean;
  pairs: readonly PairQuote[];
  current: string;
  onPick: (pair: PairQuote) => void;
  onClose: () => void;
}

/** The pairs open for seconds contracts; picking one trades it. */
export function PairSheet({ open, pairs, current, onPick, onClose }: PairSheetProps) {
  const { t } = useLingui();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className={styles.sheet} role="dialog" aria-label={t`Choose a pair`}>
        <h2>
          <Trans>Pairs with seconds contracts</Trans>
        </h2>
        <div className={styles.pairList}>
          {pairs.map((p) => {
            const direction = trend(p.change);
            return (
              <button
                type="button"
                key={p.symbol}
                className={p.symbol === current ? styles.pairCurrent : styles.pairRow}
                aria-current={p.symbol === current}
                onClick={() => onPick(p)}
              >
                <span>{p.symbol}</span>
                <span>{formatPrice(p.now_price, p.price_decimals)}</span>
                <span className={direction === 'up' ? styles.up : direction === 'down' ? styles.down : undefined}>
                  {formatChange(p.change)}
                </span>
              </button>
            );
          })}
        </div>
      </div>
    </Popup>
  );
}
