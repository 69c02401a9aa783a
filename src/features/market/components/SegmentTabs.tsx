import styles from './market.module.css';

/**
 * The market tab's segments (favorites, coins, futures, stocks): a row of tabs with an underline
 * under the active title, drawn by CSS. antd-mobile's Tabs measured every title and started a
 * spring animation while the page mounted, the longest piece of the market tab's first render.
 */
export function SegmentTabs<K extends string>({
  tabs,
  active,
  onChange,
}: {
  tabs: ReadonlyArray<{ key: K; title: string }>;
  active: K;
  onChange: (key: K) => void;
}) {
  return (
    <div role="tablist" className={styles.tabs}>
      {tabs.map(({ key, title }) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={key === active}
          className={key === active ? `${styles.tab} ${styles.tabActive}` : styles.tab}
          onClick={() => key !== active && onChange(key)}
        >
          <span>{title}</span>
        </button>
      ))}
    </div>
  );
}
