import { useState } from 'react';
import { DotLoading, ErrorBlock, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { UserCoupon, UserCouponState } from '@contract/coupon';
import { NavBar } from '@/components/NavBar';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { USER_SCOPE } from '@/lib/db';
import { useCachedReply } from '@/lib/holdings';
import { pages, useGo, useGoLogin } from '@/lib/nav';
import { useStoredList } from '@/lib/paging/stored';
import { isLoggedInAtom, userAtom } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { toast } from '@/lib/toast';
import { claimCoupon, fetchMine, fetchOffers } from './api';
import { CouponCard } from './components/CouponCard';
import { claimBlock, COUPON_TABS, sortTimeOf, targetOf, type CouponTab } from './model/coupon';
import styles from './components/coupons.module.css';

/** `setting/coupon`: coupons on offer to claim, and the user's available, used and expired ones. */
export function CouponCenterPage({ initialTab = 'claim' }: { initialTab?: CouponTab }) {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  const [tab, setTab] = useState<CouponTab>(initialTab);
  const titles: Record<CouponTab, string> = {
    claim: t`Claim`,
    available: t`Available`,
    used: t`Used`,
    expired: t`Expired`,
  };
  return (
    <div className={styles.page}>
      <NavBar title={t`Coupon centre`} />
      {signedIn ? (
        <>
          <Tabs activeKey={tab} onChange={(k) => setTab(k as CouponTab)} className={styles.tabs}>
            {COUPON_TABS.map((k) => (
              <Tabs.Tab key={k} title={titles[k]} />
            ))}
          </Tabs>
          {tab === 'claim' ? <Offers onClaimed={() => setTab('available')} /> : <Mine key={tab} status={tab} />}
        </>
      ) : (
        <ErrorBlock status="empty" title={t`Log in to see your coupons.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      )}
    </div>
  );
}

function Offers({ onClaimed }: { onClaimed: () => void }) {
  const { t } = useLingui();
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const offers = useCachedReply(`${USER_SCOPE}${uid}:coupon-offers`, fetchOffers);
  const { submit, busy } = useSubmit(
    async (id: number) => {
      await claimCoupon(id);
      toast(t`Coupon claimed`);
      await offers.refresh();
      onClaimed();
    },
    { name: 'claim coupon' },
  );
  const list = offers.value;
  return (
    <Refresh onRefresh={offers.refresh}>
      <OfflineAsOf savedAt={offers.savedAt} show={offers.failed} />
      {list === undefined || (list === null && !offers.failed) ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list === null ? (
        <ErrorBlock status="disconnected" title={t`Could not load the coupons`} description="">
          <button type="button" className={styles.link} onClick={() => void offers.refresh()}>
            <Trans>Try again</Trans>
          </button>
        </ErrorBlock>
      ) : list.length === 0 ? (
        <ErrorBlock status="empty" title={t`No coupons on offer right now`} description="" />
      ) : (
        <ul className={styles.cards} data-testid="coupon-offers">
          {list.map((o) => {
            const block = claimBlock(o);
            return (
              <CouponCard key={o.id} coupon={o} left={o.remaining} state="offer">
                <button
                  type="button"
                  className={styles.action}
                  disabled={block !== null || busy}
                  onClick={() => void submit(o.id)}
                >
                  {block === 'limit' ? t`Claimed` : block === 'sold_out' ? t`All claimed` : t`Claim`}
                </button>
              </CouponCard>
            );
          })}
        </ul>
      )}
    </Refresh>
  );
}

function Mine({ status }: { status: UserCouponState }) {
  const { t } = useLingui();
  const go = useGo();
  const list = useStoredList<UserCoupon>({
    list: `coupons:${status}`,
    fetchPage: (page) => fetchMine(status, page),
    keyOf: (c) => ({ id: c.id, createdAt: sortTimeOf(c) }),
  });
  const empty: Record<UserCouponState, string> = {
    available: t`No coupons to use. Claim some first.`,
    used: t`No used coupons yet`,
    expired: t`No expired coupons`,
  };
  const use = (c: UserCoupon) =>
    go(
      targetOf(c) === 'futures'
        ? { to: pages.transaction.contract }
        : { to: pages.fund.select, search: { next: 'receive' } },
    );
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      {list.rows === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list.rows.length === 0 && !list.more ? (
        <ErrorBlock
          status={list.failed ? 'disconnected' : 'empty'}
          title={list.failed ? t`Could not load the coupons` : empty[status]}
          description=""
        />
      ) : (
        <ul className={styles.cards} data-testid={`coupons-${status}`}>
          {list.rows.map((c) => (
            <CouponCard key={c.id} coupon={c} state={c.status} usedAt={c.used_at} saved={c.saved}>
              {c.status === 'available' && (
                <button type="button" className={styles.action} onClick={() => use(c)}>
                  {t`Use`}
                </button>
              )}
            </CouponCard>
          ))}
        </ul>
      )}
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
    </Refresh>
  );
}
