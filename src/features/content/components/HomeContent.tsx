import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Article, NewsItem } from '@contract/content';
import { pages, useGo } from '@/lib/nav';
import { useHomeContent, usePopupNotice } from '../state/home';
import styles from './home-content.module.css';

const ADVANCE_MS = 5_000;

/**
 * Home's content: the banners (a swipeable carousel), the latest news headline with the way to
 * the news list, and the popup notice once per notice. Loaded after home's first paint into a
 * place of fixed height that home keeps for it, so nothing moves when it arrives.
 */
export function HomeContent() {
  const { banners, headline } = useHomeContent();
  const { notice, close } = usePopupNotice();
  const go = useGo();
  const openArticle = (id: number) => go({ to: pages.common.article, search: { id } });
  return (
    <>
      {/* A banner opens its article, or the news list when it links nowhere. */}
      <Banners
        banners={banners}
        onOpen={(b) => (b.link_id ? openArticle(b.link_id) : go({ to: pages.common.article, search: {} }))}
      />
      <Headline headline={headline} onOpen={() => go({ to: pages.common.article, search: {} })} />
      {notice && (
        <PopupNotice
          notice={notice}
          onClose={close}
          onRead={() => {
            close();
            openArticle(notice.id);
          }}
        />
      )}
    </>
  );
}

function Banners({ banners, onOpen }: { banners: NewsItem[] | undefined; onOpen: (b: NewsItem) => void }) {
  const { t } = useLingui();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const count = banners?.length ?? 0;

  // Advances every few seconds unless the user prefers less motion; a swipe sets the index.
  useEffect(() => {
    if (count < 2 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || document.hidden) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, ADVANCE_MS);
    return () => clearInterval(timer);
  }, [count]);

  if (!banners) return <div className={`${styles.banners} ${styles.skeleton}`} aria-hidden="true" />;
  if (banners.length === 0) return <div className={`${styles.banners} ${styles.art_ocean}`} aria-hidden="true" />;
  return (
    <section className={styles.banners} aria-roledescription="carousel" aria-label={t`Announcements`}>
      <div
        ref={track}
        className={styles.track}
        data-testid="home-banners"
        onScroll={(e) => setIndex(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}
      >
        {banners.map((b) => (
          <button
            key={b.id}
            type="button"
            className={`${styles.banner} ${styles[`art_${b.image}`] ?? styles.art_sunrise}`}
            onClick={() => onOpen(b)}
          >
            <span className={styles.bannerTitle}>{b.title}</span>
            <span className={styles.bannerText}>{b.summary}</span>
          </button>
        ))}
      </div>
      {banners.length > 1 && (
        <div className={styles.dots} aria-hidden="true">
          {banners.map((b, i) => (
            <span key={b.id} className={i === index ? `${styles.dot} ${styles.dotOn}` : styles.dot} />
          ))}
        </div>
      )}
    </section>
  );
}

function Headline({ headline, onOpen }: { headline: NewsItem | null | undefined; onOpen: () => void }) {
  return (
    <button type="button" className={styles.headline} onClick={onOpen} data-testid="home-news">
      <span className={styles.headlineTag}>
        <Trans>News</Trans>
      </span>
      <span className={styles.headlineText}>{headline?.title ?? ''}</span>
      <span className={styles.headlineMore}>
        <Trans>More</Trans>
      </span>
    </button>
  );
}

function PopupNotice({ notice, onClose, onRead }: { notice: Article; onClose: () => void; onRead: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <>
      {/* Transient: a last screen (src/lib/last-screen) never shows the notice again. */}
      <div className={styles.mask} onClick={onClose} aria-hidden="true" data-transient="" />
      <div
        className={styles.popup}
        role="dialog"
        aria-modal="true"
        aria-labelledby="popup-notice-title"
        data-testid="popup-notice"
        data-transient=""
      >
        <h2 id="popup-notice-title" className={styles.popupTitle}>
          {notice.title}
        </h2>
        <p className={styles.popupText}>{notice.summary}</p>
        <div className={styles.popupActions}>
          <button type="button" className={styles.popupSecondary} onClick={onRead}>
            <Trans>Read more</Trans>
          </button>
          <button ref={closeRef} type="button" className={styles.popupPrimary} onClick={onClose}>
            <Trans>Got it</Trans>
          </button>
        </div>
      </div>
    </>
  );
}
