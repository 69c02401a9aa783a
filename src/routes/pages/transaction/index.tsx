import { useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import { TradeTabPage } from '@/features/trade';
import { pages, ROUTE_TITLES, useGo } from '@/lib/nav';
import styles from './entries.module.css';

/** `#/pages/transaction/index?tab=coin|stock|favorites|futures`; coins when absent. */
export default function TradeRoute() {
  const { tab } = useSearch({ from: pages.transaction.index });
  const go = useGo();
  const { i18n } = useLingui();
  return (
    <TradeTabPage
      tab={tab}
      onTab={(next) => go({ to: pages.transaction.index, search: { tab: next } }, { replace: true })}
      navRight={
        <button
          type="button"
          className={styles.entry}
          onClick={() => go({ to: pages.transaction.index2, search: {} })}
          data-testid="seconds-entry"
        >
          <ClockCircleOutline aria-hidden="true" />
          <span>{i18n._(ROUTE_TITLES[pages.transaction.index2])}</span>
        </button>
      }
    />
  );
}
