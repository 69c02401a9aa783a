import type { ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ad } from '@contract/otc';
import { formatMoney, formatPercent } from '@/lib/format';
import { releaseMinutes, takerSide } from '../model/otc';
import { METHOD_LABELS } from '../model/texts';
import styles from './otc.module.css';

/** The merchant's figures, as the server computed them from their orders. */
export function MerchantFigures({ merchant }: { merchant: Ad['merchant'] }) {
  const { t } = useLingui();
  const minutes = releaseMinutes(merchant.avg_release_seconds);
  const rate = merchant.completion_rate === null ? null : formatPercent(merchant.completion_rate, { signed: false });
  const completed = merchant.completed;
  return (
    <span className={styles.stats} data-testid="merchant-figures">
      {t`${plural(completed, { one: '# order', other: '# orders' })}`}
      {rate !== null && (
        <>
          {' · '}
          <Trans>{rate} completed</Trans>
        </>
      )}
      {minutes !== null && (
        <>
          {' · '}
          <Trans>releases in ~{minutes} min</Trans>
        </>
      )}
    </span>
  );
}

/** One ad of the market: price, limits, methods, the merchant, and the button to trade on it. */
export function AdCard({ ad, onTrade, children }: { ad: Ad; onTrade?: () => void; children?: ReactNode }) {
  const { i18n } = useLingui();
  const buying = takerSide(ad.side) === 'buy';
  return (
    <li className={styles.card} data-testid={`otc-ad-${ad.id}`}>
      <div className={styles.cardHead}>
        <span className={styles.name}>{ad.merchant.nickname}</span>
        <MerchantFigures merchant={ad.merchant} />
      </div>
      <div className={styles.price}>
        {ad.price === null ? '--' : formatMoney(ad.price, ad.fiat)} <small>{ad.fiat}</small>
      </div>
      <dl className={styles.figures}>
        <dt>
          <Trans>Available</Trans>
        </dt>
        <dd>
          {formatMoney(ad.remaining, ad.coin)} {ad.coin}
        </dd>
        <dt>
          <Trans>Limits</Trans>
        </dt>
        <dd>
          {formatMoney(ad.min_qty, ad.coin)} - {formatMoney(ad.max_qty, ad.coin)} {ad.coin}
        </dd>
      </dl>
      <div className={styles.cardFoot}>
        <div className={styles.methods}>
          {ad.methods.map((m) => (
            <span key={m} className={styles.method}>
              {i18n._(METHOD_LABELS[m])}
            </span>
          ))}
        </div>
        {onTrade && (
          <button
            type="button"
            className={`${styles.primary} ${buying ? styles.buyButton : styles.sellButton}`}
            onClick={onTrade}
            data-testid="otc-trade"
          >
            {buying ? <Trans>Buy {ad.coin}</Trans> : <Trans>Sell {ad.coin}</Trans>}
          </button>
        )}
      </div>
      {children}
    </li>
  );
}
