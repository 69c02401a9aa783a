import { Button } from 'antd-mobile';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { LockProduct } from '@contract/lockming';
import { formatMoney } from '@/lib/format';
import { ratePercent } from '../model/terms';
import styles from './lockming.module.css';

/** A product: daily yield range, lock days, minimum single amount, penalty ratio and published rates. */
export function ProductCard({ product, onLock }: { product: LockProduct; onLock?: () => void }) {
  const { t } = useLingui();
  const p = product;
  return (
    <li className={styles.card} data-testid={`lock-product-${p.id}`}>
      <div className={styles.cardHead}>
        <h3>{p.name}</h3>
        <span className={styles.yield}>
          {ratePercent(p.min_rate)} - {ratePercent(p.max_rate)}
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>
          <Trans>Daily yield</Trans>
        </dt>
        <dd>
          {ratePercent(p.min_rate)} - {ratePercent(p.max_rate)}
        </dd>
        <dt>
          <Trans>Lock days</Trans>
        </dt>
        <dd>
          <Plural value={p.days} one="# day" other="# days" />
        </dd>
        <dt>
          <Trans>Minimum single amount</Trans>
        </dt>
        <dd>
          {formatMoney(p.min_amount, p.currency_name)} {p.currency_name}
        </dd>
        <dt>
          <Trans>Early-redemption penalty</Trans>
        </dt>
        <dd>{t`${ratePercent(p.penalty_rate)} per remaining day`}</dd>
      </dl>
      <div className={styles.rates}>
        <span className={styles.rate} data-testid="rate-today">
          {p.today ? t`Today ${ratePercent(p.today.rate)}` : t`Today: not published`}
        </span>
        <span className={styles.rate} data-testid="rate-tomorrow">
          {p.tomorrow ? t`Tomorrow ${ratePercent(p.tomorrow.rate)}` : t`Tomorrow: not published yet`}
        </span>
      </div>
      {onLock && (
        <Button block color="primary" onClick={onLock} data-testid="lock-now">
          <Trans>Lock now</Trans>
        </Button>
      )}
    </li>
  );
}
