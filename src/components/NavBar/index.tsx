import type { ReactNode } from 'react';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import styles from './NavBar.module.css';

export interface NavBarProps {
  title?: ReactNode;
  /** false hides the back arrow (tab pages); a function replaces the default back behaviour. */
  back?: boolean | (() => void);
  /** Replaces the back arrow entirely. */
  left?: ReactNode;
  right?: ReactNode;
  /** Transparent over a hero image instead of the page background. */
  transparent?: boolean;
}

/** Characters of a text title from which it may need two lines between the bar's two sides. */
const LONG_TITLE = 16;
/** Ideographs and Hangul take about two Latin letters' width each. */
const WIDE = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/gu;
const isLong = (title: ReactNode) =>
  typeof title === 'string' && title.length + (title.match(WIDE)?.length ?? 0) > LONG_TITLE;

/**
 * The custom navigation bar on every page except the web view: back arrow, centred title, right
 * slot. Back goes to the previous page, or home when the page was opened directly.
 */
export function NavBar({ title, back = true, left, right, transparent = false }: NavBarProps) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const { t } = useLingui();
  const goBack = () => {
    if (typeof back === 'function') back();
    else if (canGoBack) router.history.back();
    else void router.navigate({ to: '/' });
  };
  return (
    <header className={transparent ? `${styles.bar} ${styles.transparent}` : styles.bar}>
      <div className={styles.inner}>
        <div className={styles.side}>
          {left ??
            (back !== false && (
              <button type="button" className={styles.back} onClick={goBack} aria-label={t`Back`}>
                <LeftOutline />
              </button>
            ))}
        </div>
        <h1 className={isLong(title) ? `${styles.title} ${styles.long}` : styles.title}>{title}</h1>
        <div className={`${styles.side} ${styles.right}`}>{right}</div>
      </div>
    </header>
  );
}

export default NavBar;
