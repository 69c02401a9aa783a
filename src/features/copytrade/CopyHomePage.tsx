import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Decimal } from 'decimal.js';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { pages, useGo, useGoLogin } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { useCopies, useFollows, useOnFuturesChange } from './state/holdings';
import { CopyCard } from './components/CopyCard';
import { FollowCard } from './components/FollowCard';
import { Refresh } from '@/components/Refresh';
import { OfflineAsOf } from '@/components/ListEnd';
import { signClass, usdt } from './components/money';
import styles from './components/copytrade.module.css';

/** How many of each list the home shows; the rest is under My copy trading. */
const SHOWN = 3;

/** `copytrade/copy`: my copy trading at a glance: traders I follow and my open copies. */
export function CopyHomePage() {
  const { t } = useLingui();
  const go = useGo();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  return (
    <div className={styles.page}>
      <NavBar title={t`Copy trading`} />
      <div className={styles.actions} style={{ padding: '0 12px', justifyContent: 'stretch' }}>
        <Button style={{ flex: 1 }} color="primary" onClick={() => go(pages.follow.index)}>
          <Trans>Find traders</Trans>
        </Button>
        <Button style={{ flex: 1 }} onClick={() => go(pages.copytrade.trader)}>
          <Trans>Become a trader</Trans>
        </Button>
      </div>
      {signedIn ? (
        <Overview />
      ) : (
        <ErrorBlock status="empty" title={t`Log in to see your copy trading.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      )}
    </div>
  );
}

function Overview() {
  const { t } = useLingui();
  const go = useGo();
  const online = useOnline();
  const follows = useFollows('current');
  const copies = useCopies('current');
  useOnFuturesChange(() => void copies.refresh());
  const refresh = () => Promise.all([follows.refresh(), copies.refresh()]);
  const f = follows.rows;
  const c = copies.rows;
  const margin = (f ?? []).reduce((s, x) => s.plus(x.used_amount), new Decimal(0)).toFixed();
  const unrealised = (c ?? []).reduce((s, x) => s.plus(x.position?.profits ?? 0), new Decimal(0)).toFixed();
  const failed = follows.failed || copies.failed;
  const savedAt = Math.min(follows.savedAt ?? Infinity, copies.savedAt ?? Infinity);
  const more = (what: 'following' | 'copies') => (
    <button type="button" className={styles.link} onClick={() => go({ to: pages.copytrade.my, search: { tab: what } })}>
      <Trans>All</Trans>
    </button>
  );
  return (
    <Refresh onRefresh={refresh}>
      <OfflineAsOf savedAt={Number.isFinite(savedAt) ? savedAt : undefined} show={failed || !online} />
      <dl className={styles.stats} style={{ padding: '0 12px' }} aria-label={t`Summary`}>
        <dt>
          <Trans>Traders followed</Trans>
        </dt>
        <dt>
          <Trans>Margin in copies</Trans>
        </dt>
        <dt>
          <Trans>Unrealised PnL</Trans>
        </dt>
        <dd data-testid="followed-count">{f?.length ?? '--'}</dd>
        <dd>{usdt(margin)}</dd>
        <dd className={signClass(unrealised)}>{usdt(unrealised)}</dd>
      </dl>
      <div className={styles.cardHead} style={{ paddingRight: 4 }}>
        <h2 className={styles.section} style={{ flex: 1 }}>
          <Trans>Traders I follow</Trans>
        </h2>
        {more('following')}
      </div>
      {f === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : f.length === 0 ? (
        <p className={`${styles.hint} ${styles.section}`}>
          <Trans>You follow nobody yet.</Trans>
        </p>
      ) : (
        <ul className={styles.list}>
          {f.slice(0, SHOWN).map((x) => (
            <FollowCard
              key={x.id}
              follow={x}
              onOpen={(y) => go({ to: pages.follow.trader, search: { id: y.trader_user_id } })}
            />
          ))}
        </ul>
      )}
      <div className={styles.cardHead} style={{ paddingRight: 4 }}>
        <h2 className={styles.section} style={{ flex: 1 }}>
          <Trans>Open copies</Trans>
        </h2>
        {more('copies')}
      </div>
      {c === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : c.length === 0 ? (
        <p className={`${styles.hint} ${styles.section}`}>
          <Trans>No open copies.</Trans>
        </p>
      ) : (
        <ul className={styles.list} data-testid="home-copies">
          {c.slice(0, SHOWN).map((x) => (
            <CopyCard key={x.id} copy={x} />
          ))}
        </ul>
      )}
    </Refresh>
  );
}
