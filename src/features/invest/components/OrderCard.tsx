import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { DualOrder } from '@contract/invest';
import { settlementRef } from '@contract/record';
import { VerifyLink } from '@/components/VerifyLink';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { SOURCE_LABELS, STATE_LABELS } from '../model/labels';
import { aprPercent, coin, fiat2 } from '../model/terms';
import styles from './invest.module.css';

/** One order: what was invested, its terms, and once settled the price with its time and source, and the payout. */
export function OrderCard({ order: o }: { order: DualOrder }) {
  const { i18n } = useLingui();
  const when = (ms: number) => formatDateTime(ms, activeBcp47());
  const payout =
    o.payout === null
      ? '--'
      : `${o.payout_currency_id === o.currency_id ? coin(o.payout) : fiat2(o.payout)} ${o.payout_currency_name ?? ''}`;
  return (
    <li className={styles.card} data-testid={`dual-order-${o.id}`}>
      <div className={styles.cardHead}>
        <strong>
          <Trans>
            Sell high {o.currency_name} · <Plural value={o.holding_days} one="# day" other="# days" />
          </Trans>
        </strong>
        <span className={o.state === 'failed' ? styles.stateFailed : styles.state}>
          {i18n._(STATE_LABELS[o.state])}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>
            <Trans>Invested</Trans>
          </dt>
          <dd>
            {coin(o.amount)} {o.currency_name} (<Plural value={o.num} one="# share" other="# shares" />)
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Annualized rate</Trans>
          </dt>
          <dd>{aprPercent(o.apr)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Linked price</Trans>
          </dt>
          <dd>{fiat2(o.linked_price)} USDT</dd>
        </div>
        <div>
          <dt>
            <Trans>Maturity date</Trans>
          </dt>
          <dd>{when(o.maturity_at)}</dd>
        </div>
        {o.settle_price !== null && o.settle_price_at !== null && o.settle_source !== null && (
          <div style={{ gridColumn: '1 / -1' }}>
            <dt>
              <Trans>Settlement price</Trans>
            </dt>
            <dd data-testid="settle-price">
              <Trans>
                {fiat2(o.settle_price)} USDT, recorded {when(o.settle_price_at)} from the{' '}
                {i18n._(SOURCE_LABELS[o.settle_source])}
              </Trans>
            </dd>
          </div>
        )}
        <div>
          <dt>{o.state === 'failed' ? <Trans>Principal returned</Trans> : <Trans>Payout</Trans>}</dt>
          <dd data-testid="payout">{payout}</dd>
        </div>
        <div>
          <dt>
            <Trans>Purchased at</Trans>
          </dt>
          <dd>{when(o.created_at)}</dd>
        </div>
      </dl>
      {o.state === 'failed' && (
        <p className={styles.hint}>
          <Trans>
            No market price was recorded at maturity, so this order could not settle; your principal was returned.
          </Trans>
        </p>
      )}
      {(o.state === 'completed' || o.state === 'failed') && <VerifyLink settlement={settlementRef.dualInvest(o.id)} />}
      {o.state === 'settling' && (
        <p className={styles.hint}>
          <Trans>Matured: it settles on the price recorded at maturity within about a minute.</Trans>
        </p>
      )}
    </li>
  );
}
