import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { formatDateTime, formatNumber } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo } from '@/lib/nav';
import { FOLLOW_TYPES } from '@contract/copytrade';
import { useTrader } from './state/traders';
import { Avatar } from './components/Avatar';
import { Refresh } from '@/components/Refresh';
import { OfflineAsOf } from '@/components/ListEnd';
import { StatsTime } from './components/StatsTime';
import { TradeList } from './components/TradeList';
import { TraderStats } from './components/TraderStats';
import { useConfirmCancel } from './components/useConfirmCancel';
import { usdt } from './components/money';
import styles from './components/copytrade.module.css';

/** `follow/trader?id=`: a trader's statistics, open and recent closed positions, and the follow button. */
export function TraderDetailPage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const go = useGo();
  const online = useOnline();
  const { trader, savedAt, failed, refresh } = useTrader(id);
  const cancel = useConfirmCancel(() => void refresh());
  const follow = trader?.my_follow ?? null;
  return (
    <div className={styles.page}>
      <NavBar title={t`Trader`} />
      {!id ? (
        <ErrorBlock status="empty" title={t`This trader does not exist.`} description="" />
      ) : trader === undefined || (trader === null && !failed) ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : trader === null ? (
        <ErrorBlock
          status="disconnected"
          title={t`Could not load this trader.`}
          description={t`Pull down to try again.`}
        />
      ) : (
        <Refresh onRefresh={refresh}>
          <OfflineAsOf savedAt={savedAt} show={failed || !online} />
          <div className={styles.card} style={{ margin: '0 12px' }} data-testid="trader-detail">
            <div className={styles.cardHead}>
              <Avatar name={trader.name} src={trader.avatar} large />
              <span className={styles.cardTitle}>
                <strong>{trader.name}</strong>
                <small>
                  <Trans>Trader since {formatDateTime(Date.parse(trader.approved_at), activeBcp47())}</Trans>
                </small>
              </span>
              {trader.demo && (
                <span className={styles.tag}>
                  <Trans>Demo</Trans>
                </span>
              )}
            </div>
            {trader.introduction && (
              <p className={styles.hint} style={{ marginTop: 8 }}>
                {trader.introduction}
              </p>
            )}
            <TraderStats stats={trader.stats} full />
          </div>
          <StatsTime asOf={trader.stats.as_of} />
          {follow && (
            <div className={styles.card} style={{ margin: '0 12px' }} data-testid="my-follow">
              <strong>
                <Trans>You follow this trader</Trans>
              </strong>
              <dl className={styles.figures}>
                <dt>
                  <Trans>Copy type</Trans>
                </dt>
                <dd>
                  {follow.type === FOLLOW_TYPES.multiple
                    ? t`Fixed multiple ×${formatNumber(follow.number, 2)}`
                    : t`Fixed lots: ${follow.number}`}
                </dd>
                <dt>
                  <Trans>Amount cap</Trans>
                </dt>
                <dd>{follow.max_amount ? `${usdt(follow.max_amount)} USDT` : t`No cap`}</dd>
                <dt>
                  <Trans>Margin in open copies</Trans>
                </dt>
                <dd>{usdt(follow.used_amount)} USDT</dd>
              </dl>
            </div>
          )}
          <div className={styles.actions} style={{ padding: '0 12px' }}>
            {trader.is_me ? (
              <p className={styles.hint}>
                <Trans>This is you. Others can follow your futures trades.</Trans>
              </p>
            ) : follow ? (
              <>
                <Button disabled={!online || cancel.busy} onClick={() => cancel.ask(follow)}>
                  <Trans>Cancel follow</Trans>
                </Button>
                <Button
                  color="primary"
                  disabled={!online}
                  onClick={() => go({ to: pages.follow.follow, search: { id: trader.user_id } })}
                >
                  <Trans>Edit follow</Trans>
                </Button>
              </>
            ) : (
              <Button
                color="primary"
                block
                disabled={!online}
                data-testid="follow-button"
                onClick={() => go({ to: pages.follow.follow, search: { id: trader.user_id } })}
              >
                <Trans>Follow</Trans>
              </Button>
            )}
          </div>
          <h2 className={styles.section}>
            <Trans>Open positions</Trans>
          </h2>
          <TradeList trades={trader.open_trades} empty={t`No open positions.`} testId="open-trades" />
          <h2 className={styles.section}>
            <Trans>Recent closed positions</Trans>
          </h2>
          <TradeList trades={trader.closed_trades} empty={t`No closed positions yet.`} testId="closed-trades" />
        </Refresh>
      )}
    </div>
  );
}
