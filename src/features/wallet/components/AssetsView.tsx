import { useState } from 'react';
import { Checkbox, DotLoading, ErrorBlock, PullToRefresh, Tabs, Tag } from 'antd-mobile';
import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { formatMoney } from '@/lib/format';
import { pages, type GoTo } from '@/lib/nav';
import { useHoldings } from '../hooks/useHoldings';
import { useWalletList } from '../hooks/useWalletList';
import { assetsTotal } from '../model/holdings';
import { ACCOUNTS, masked, visibleHoldings, type AccountName } from '../model/accounts';
import { ACCOUNT_LABELS } from '../model/labels';
import { accountOf } from '../model/wallet';
import { hideAmountsAtom, hideSmallAtom } from '../state/prefs';
import { AsOf, RatesAsOf } from './AsOf';
import { FiatList } from './FiatList';
import { HoldingList } from './HoldingList';
import { OtherAssets } from './OtherAssets';
import { QuickActions } from './QuickActions';
import styles from './wallet.module.css';

export interface AssetsViewProps {
  onNavigate: (to: GoTo) => void;
}

/** The assets tab: total in the chosen fiat, the four accounts and their currencies, the fiat list. */
export function AssetsView({ onNavigate }: AssetsViewProps) {
  const { t, i18n } = useLingui();
  const { value, savedAt, ready, stale, refresh } = useWalletList();
  const holdings = useHoldings();
  const [hidden, setHidden] = useAtom(hideAmountsAtom);
  const [hideSmall, setHideSmall] = useAtom(hideSmallAtom);
  const [tab, setTab] = useState<AccountName>('legal');

  if (!value) {
    return ready && stale ? (
      <ErrorBlock
        status="disconnected"
        title={t`Balances are not available offline yet`}
        description={t`Check your connection and try again.`}
      />
    ) : (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }

  const code = value.fiat.currency_code;
  const account = accountOf(value, tab);
  const show = (text: string) => masked(text, hidden);
  // The accounts plus what the products hold outside them (unrealised profit, coins to credit).
  const total = assetsTotal(value, holdings.value);

  return (
    <PullToRefresh
      onRefresh={() => Promise.all([refresh(), holdings.refresh()]).then(() => undefined)}
      pullingText={t`Pull down to refresh`}
      canReleaseText={t`Release to refresh`}
      refreshingText={t`Refreshing`}
      completeText={t`Refreshed`}
    >
      <div className={styles.page}>
        <AsOf savedAt={savedAt} stale={stale} />
        <section className={styles.totalCard} aria-label={t`Total assets`}>
          <div className={styles.totalLabel}>
            <span>
              <Trans>Total assets ({code})</Trans>
            </span>
            <button
              type="button"
              className={styles.eye}
              aria-pressed={hidden}
              aria-label={hidden ? t`Show amounts` : t`Hide amounts`}
              onClick={() => setHidden(!hidden)}
            >
              {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
            </button>
            {value.demo && (
              <Tag color="warning" fill="outline">
                <Trans>Demo funds</Trans>
              </Tag>
            )}
          </div>
          <div className={styles.total} data-testid="total-fiat">
            {show(formatMoney(total.fiat, value.fiat.currency_code))}
          </div>
          <div className={styles.sub}>≈ {show(formatMoney(total.usdt, 'USDT'))} USDT</div>
          <RatesAsOf source={value.fiat.source} asOf={value.fiat.as_of} />
          <QuickActions onNavigate={onNavigate} />
        </section>

        <Tabs activeKey={tab} onChange={(k) => setTab(k as AccountName)} className={styles.tabs}>
          {ACCOUNTS.map((name) => (
            <Tabs.Tab key={name} title={i18n._(ACCOUNT_LABELS[name])} />
          ))}
        </Tabs>
        <div className={styles.accountHead}>
          <div>
            <div className={styles.muted}>
              <Trans>Account value (USDT)</Trans>
            </div>
            <div className={styles.accountTotal} data-testid={`account-${tab}`}>
              {show(formatMoney(account.usdtTotal, 'USDT'))}
            </div>
          </div>
          <Checkbox checked={hideSmall} onChange={setHideSmall} className={styles.hideSmall}>
            <Trans>Hide small currencies</Trans>
          </Checkbox>
        </div>
        <HoldingList
          holdings={visibleHoldings(account.holdings, hideSmall)}
          rate={value.fiat.rate}
          code={code}
          hidden={hidden}
        />
        <OtherAssets holdings={holdings} show={show} onNavigate={onNavigate} />
        <FiatList reply={value} total={total} show={show} />

        <nav className={styles.links}>
          <button type="button" onClick={() => onNavigate(pages.fund.assets_record)}>
            <Trans>Account change records</Trans>
            <RightOutline />
          </button>
          <button type="button" onClick={() => onNavigate(pages.fund.receive_withdraw_record)}>
            <Trans>Financial records</Trans>
            <RightOutline />
          </button>
        </nav>
      </div>
    </PullToRefresh>
  );
}
