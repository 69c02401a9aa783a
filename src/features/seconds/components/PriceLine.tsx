import { useLingui } from '@lingui/react/macro';
import { linePath, type PricePoint } from '../model/priceLine';
import styles from './seconds.module.css';

const W = 360;
const H = 64;

/** The last minutes of the feed price as a line; the latest point is marked. */
export function PriceLine({ points, trend }: { points: PricePoint[]; trend: 'up' | 'down' | 'flat' }) {
  const { t } = useLingui();
  const path = linePath(points, W, H);
  const color = trend === 'down' ? 'var(--app-down)' : trend === 'up' ? 'var(--app-up)' : 'var(--app-selected)';
  const last = path.split(' ').at(-1)?.split(',');
  return (
    <div className={styles.line} role="img" aria-label={t`Price of the last minutes`}>
      {path ? (
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" width="100%" height={H}>
          <polyline points={path} fill="none" stroke={color} strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
          {last && <circle cx={last[0]} cy={last[1]} r="2.5" fill={color} />}
        </svg>
      ) : (
        <span className={styles.muted}>{t`Waiting for prices`}</span>
      )}
    </div>
  );
}
