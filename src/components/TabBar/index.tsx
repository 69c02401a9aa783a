import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import AppOutline from 'antd-mobile-icons/es/AppOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import PieOutline from 'antd-mobile-icons/es/PieOutline';
import ReceivePaymentOutline from 'antd-mobile-icons/es/ReceivePaymentOutline';
import { TABS, type RoutePath, type TabKey } from '@/lib/nav';
import styles from './TabBar.module.css';

const ICONS: Record<TabKey, ReactNode> = {
  home: <AppOutline />,
  market: <HistogramOutline />,
  trade: <ReceivePaymentOutline />,
  finance: <PayCircleOutline />,
  assets: <PieOutline />,
};

export interface TabBarProps {
  active: TabKey;
  onChange: (path: RoutePath) => void;
}

/** The bottom tab bar of the five tab pages; fixed, above the home indicator. */
export function TabBar({ active, onChange }: TabBarProps) {
  const { t, i18n } = useLingui();
  return (
    <nav className={styles.bar} aria-label={t`Main`}>
      {TABS.map((tab) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            type="button"
            className={selected ? `${styles.tab} ${styles.selected}` : styles.tab}
            aria-current={selected ? 'page' : undefined}
            onClick={() => !selected && onChange(tab.path)}
          >
            <span className={styles.icon}>{ICONS[tab.key]}</span>
            <span className={styles.label}>{i18n._(tab.title)}</span>
          </button>
        );
      })}
    </nav>
  );
}

export default TabBar;
