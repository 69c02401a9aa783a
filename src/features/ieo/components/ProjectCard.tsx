import { ProgressBar } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import type { IeoProject } from '@contract/ieo';
import { formatDateTime, formatNumber } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { subscribedPercent } from '../model/subscription';
import { StateTag } from './StateTag';
import styles from './ieo.module.css';

/** One project of the list: coin, state, price, supply, how far it is subscribed, its window. */
export function ProjectCard({ project: p, onOpen }: { project: IeoProject; onOpen: () => void }) {
  const locale = activeBcp47();
  const percent = subscribedPercent(p);
  return (
    <li className={styles.card} data-testid={`ieo-project-${p.id}`}>
      <button type="button" className={styles.cardButton} onClick={onOpen}>
        <div className={styles.cardHead}>
          <img className={styles.coin} src={p.image} alt="" />
          <div className={styles.title}>
            <strong>{p.name}</strong>
            <span>{p.coin_name}</span>
          </div>
          <StateTag state={p.state} />
        </div>
        <dl className={styles.facts}>
          <dt>
            <Trans>Issue price</Trans>
          </dt>
          <dd>
            {p.price} {p.pay_currency_name}
          </dd>
          <dt>
            <Trans>Total issuance</Trans>
          </dt>
          <dd>
            {formatNumber(p.total, 2)} {p.coin_name}
          </dd>
          {p.state === 'warmup' ? (
            <>
              <dt>
                <Trans>Starts</Trans>
              </dt>
              <dd>{formatDateTime(p.start_at, locale)}</dd>
            </>
          ) : (
            <>
              <dt>
                <Trans>End time</Trans>
              </dt>
              <dd>{formatDateTime(p.end_at, locale)}</dd>
            </>
          )}
        </dl>
        <div className={styles.bar}>
          <ProgressBar percent={Math.min(100, Number(percent))} />
          <div className={styles.barCaption}>
            <span>
              <Trans>Subscribed {percent}%</Trans>
            </span>
            <span>
              {formatNumber(p.applied, 2)} / {formatNumber(p.total, 2)}
            </span>
          </div>
        </div>
      </button>
    </li>
  );
}
