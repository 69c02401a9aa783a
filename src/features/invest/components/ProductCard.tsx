import { ProgressBar } from 'antd-mobile';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { DualProduct } from '@contract/invest';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { aprPercent, coin, fiat2 } from '../model/terms';
import styles from './invest.module.css';

/** One product: rate, price per share, linked price, term, maturity, remaining shares and progress. */
export function ProductCard({ product: p, onBuy }: { product: DualProduct; onBuy?: (p: DualProduct) => void }) {
  const { t } = useLingui();
  const soldOut = p.status !== 'on_sale';
  const body = (
    <>
      <div className={styles.cardHead}>
        <strong>
          <Trans>
            Sell high {p.currency_name} · <Plural value={p.holding_days} one="# day" other="# days" />
          </Trans>
        </strong>
        <span className={styles.apr} aria-label={t`Annualized rate`}>
          {aprPercent(p.apr)}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>
            <Trans>Linked price</Trans>
          </dt>
          <dd>{fiat2(p.linked_price)} USDT</dd>
        </div>
        <div>
          <dt>
            <Trans>Price per share</Trans>
          </dt>
          <dd>
            {coin(p.price_per_share)} {p.currency_name}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Holding days</Trans>
          </dt>
          <dd>{p.holding_days}</dd>
        </div>
        <div>
          <dt>
            <Trans>Maturity date</Trans>
          </dt>
          <dd>{formatDateTime(p.maturity_at, activeBcp47())}</dd>
        </div>
      </dl>
      <div className={styles.progress}>
        <div className={styles.progressText}>
          <span>
            <Trans>Remaining shares: {p.remaining_shares}</Trans>
          </span>
          <span>{soldOut ? t`Sold out` : `${p.progress}%`}</span>
        </div>
        <ProgressBar percent={Number(p.progress)} aria-label={t`Progress`} />
      </div>
    </>
  );
  if (!onBuy || soldOut) return <li className={styles.card}>{body}</li>;
  return (
    <li className={styles.card}>
      <button
        type="button"
        onClick={() => onBuy(p)}
        style={{ all: 'unset', display: 'block', width: '100%', cursor: 'pointer' }}
        data-testid={`dual-product-${p.id}`}
      >
        {body}
      </button>
    </li>
  );
}
