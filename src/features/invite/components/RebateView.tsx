import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RebateRecord } from '@contract/invite';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { NavBar } from '@/components/NavBar';
import { Refresh } from '@/components/Refresh';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { percent } from '../model/rates';
import { useRebates, useRebateTotals } from '../state/invite';
import { RatesTable } from './RatesTable';
import styles from './invite.module.css';

/** `setting/share?view=rebate`: rebates received per currency and every rebate paid, newest first. */
export function RebateView() {
  const { t } = useLingui();
  const list = useRebates();
  const totals = useRebateTotals();
  const refresh = () => Promise.all([list.refresh(), totals.refresh()]);
  return (
    <div className={styles.page}>
      <NavBar title={t`Rebate records`} />
      <Refresh onRefresh={refresh}>
        <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
        <section className={styles.totals} aria-label={t`Total rebates`} data-testid="rebate-totals">
          {(totals.totals ?? []).length === 0 ? (
            <div className={styles.total}>
              <span className={styles.label}>
                <Trans>Total rebates</Trans>
              </span>
              <strong>{totals.totals === undefined ? '…' : '0'}</strong>
            </div>
          ) : (
            totals.totals!.map((c) => (
              <div className={styles.total} key={c.currency_id}>
                <span className={styles.label}>
                  <Trans>Total rebates ({c.currency})</Trans>
                </span>
                <strong>{c.amount}</strong>
              </div>
            ))
          )}
        </section>
        {list.rows === undefined ? (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        ) : list.rows.length === 0 && list.failed ? (
          <ErrorBlock
            status="disconnected"
            title={t`Could not load your rebates`}
            description={t`Check your connection and try again.`}
          >
            <Button onClick={() => void refresh()}>
              <Trans>Try again</Trans>
            </Button>
          </ErrorBlock>
        ) : list.rows.length === 0 && !list.more ? (
          <ErrorBlock
            status="empty"
            title={t`No rebates yet`}
            description={t`Invite friends: you receive a share of their trading fees every hour.`}
          />
        ) : (
          <ul className={styles.list} data-testid="rebate-list">
            {list.rows.map((r) => (
              <RebateItem key={r.id} record={r} />
            ))}
          </ul>
        )}
        <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
        <RatesTable />
      </Refresh>
    </div>
  );
}

function RebateItem({ record: r }: { record: RebateRecord }) {
  const { t } = useLingui();
  const bcp47 = activeBcp47();
  const source = r.source === 'spot' ? t`Spot fees` : t`Futures fees`;
  const generation = r.generation === 1 ? t`Invited by you` : t`Invited by your friends`;
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <span>{source}</span>
        <strong>
          +{r.amount} {r.currency}
        </strong>
      </div>
      <dl className={styles.facts}>
        <dt>
          <Trans>Friend</Trans>
        </dt>
        <dd>
          {r.referee} · {generation}
        </dd>
        <dt>
          <Trans>Fees paid</Trans>
        </dt>
        <dd>
          {r.fee} {r.currency} × {percent(r.rate, bcp47)}
        </dd>
        <dt>
          <Trans>Hour of the fees</Trans>
        </dt>
        <dd>{formatDateTime(r.period_start, bcp47)}</dd>
        <dt>
          <Trans>Paid at</Trans>
        </dt>
        <dd>{formatDateTime(r.created_at, bcp47)}</dd>
      </dl>
    </li>
  );
}
