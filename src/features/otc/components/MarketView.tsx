import { useCallback, useEffect, useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FIAT_CODES, type FiatCode } from '@contract/market';
import { OTC_COINS, type Ad, type AdSide, type OtcCoin, type OtcOrder, type OtcTerms } from '@contract/otc';
import { PagedOrderList } from '@/components/OrderListShell';
import { formatMoney } from '@/lib/format';
import { useGoLogin } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { useUser } from '@/lib/user';
import { fetchAds, fetchTerms } from '../api/otc';
import { levelLimit } from '../model/otc';
import { usePaged } from '../state/usePaged';
import { AdCard } from './AdCard';
import { OpenOrderSheet } from './OpenOrderSheet';
import styles from './otc.module.css';

export const LIST_TEXTS = {
  pulling: msg`Pull down to refresh`,
  canRelease: msg`Release to refresh`,
  refreshing: msg`Refreshing`,
  complete: msg`Refreshed`,
  noMore: msg`No more data`,
  failedMore: msg`Could not load more. Pull down to try again.`,
};

interface MarketViewProps {
  side: AdSide;
  coin: OtcCoin;
  onFilter: (side: AdSide, coin: OtcCoin) => void;
  onOpened: (order: OtcOrder) => void;
}

/** The ads market: what the user wants to do, the coin and fiat, the ads best price first. */
export function MarketView({ side, coin, onFilter, onOpened }: MarketViewProps) {
  const { t } = useLingui();
  const [fiat, setFiat] = useState<FiatCode | ''>('');
  const [trading, setTrading] = useState<Ad | null>(null);
  const signedIn = useAtomValue(isLoggedInAtom);
  const goLogin = useGoLogin();
  const load = useCallback((page: number) => fetchAds(side, coin, fiat || undefined, page), [side, coin, fiat]);
  const list = usePaged(`${side}|${coin}|${fiat}`, load);
  return (
    <>
      <Tabs activeKey={side} onChange={(k) => onFilter(k as AdSide, coin)}>
        <Tabs.Tab key="buy" title={t`Buy`} />
        <Tabs.Tab key="sell" title={t`Sell`} />
      </Tabs>
      <div className={styles.filters}>
        {OTC_COINS.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={c === coin}
            className={`${styles.chip} ${c === coin ? styles.selected : ''}`}
            onClick={() => onFilter(side, c)}
            data-testid={`otc-coin-${c}`}
          >
            {c}
          </button>
        ))}
        <select
          className={styles.select}
          aria-label={t`Fiat currency`}
          value={fiat}
          onChange={(e) => setFiat(e.target.value as FiatCode | '')}
          data-testid="otc-fiat"
        >
          <option value="">{t`All currencies`}</option>
          {FIAT_CODES.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </div>
      <LevelLimit />
      <PagedOrderList
        texts={LIST_TEXTS}
        list={list}
        count={list.rows?.length}
        empty={list.failed ? t`The ads could not be loaded. Pull down to try again.` : t`No ads for this choice`}
        classes={styles}
      >
        <ul className={styles.cards} data-testid="otc-ads">
          {list.rows?.map((ad) => (
            <AdCard key={ad.id} ad={ad} onTrade={() => (signedIn ? setTrading(ad) : goLogin())} />
          ))}
        </ul>
      </PagedOrderList>
      {trading && (
        <OpenOrderSheet
          key={trading.id}
          ad={trading}
          onClose={() => setTrading(null)}
          onOpened={(order) => {
            setTrading(null);
            onOpened(order);
          }}
        />
      )}
    </>
  );
}

/** The user's single-trade limit by identity level, from the published terms. */
function LevelLimit() {
  // The server's copy: a level just raised shows its new limit.
  const { user } = useUser();
  const [terms, setTerms] = useState<OtcTerms | null>(null);
  useEffect(() => {
    let live = true;
    fetchTerms().then(
      (x) => live && setTerms(x),
      (error: unknown) => console.warn('otc terms not loaded', error),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!terms || !user) return null;
  const level = user.level;
  const limit = levelLimit(terms, level);
  if (Number(limit) <= 0) {
    return (
      <p className={styles.limitNote} data-testid="otc-limit">
        <Trans>Verify your identity to trade OTC.</Trans>
      </p>
    );
  }
  const amount = formatMoney(limit, 'USDT');
  return (
    <p className={styles.limitNote} data-testid="otc-limit">
      <Trans>
        Single-trade limit at identity level {level}: {amount} USDT
      </Trans>
    </p>
  );
}
