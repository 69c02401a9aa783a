import type { ReactNode } from 'react';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import UserCircleOutline from 'antd-mobile-icons/es/UserCircleOutline';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { pages, useGo } from '@/lib/nav';
import { toast } from '@/lib/toast';
import { DemoNotice } from './components/DemoNotice';
import { Greeting } from './components/Greeting';
import { Promo } from './components/Promo';
import { QuickEntries } from './components/QuickEntries';
import { useGreetingUser } from './hooks/useGreetingUser';
import { useSiteConfig } from './hooks/useSiteConfig';
import type { QuickEntry } from './model/entries';
import styles from './components/home.module.css';

/**
 * The home tab: brand, greeting, demo notice, the quick-entry grid, and a place of fixed height
 * for `content` (banners and news, loaded after the first paint; until then the place is kept).
 */
export function HomePage({ content }: { content?: ReactNode }) {
  const { t } = useLingui();
  const { site, known: siteKnown } = useSiteConfig();
  const user = useGreetingUser();
  const go = useGo();

  const open = (entry: QuickEntry) => {
    if (entry.target) go(entry.target);
    else toast(t`Function in development`);
  };

  const brand = (
    <span className={styles.brand}>
      {site.site_logo && <img className={styles.logo} src={site.site_logo} alt="" />}
      <span className={styles.brandName}>{site.site_name}</span>
    </span>
  );

  return (
    <>
      <NavBar
        back={false}
        title={brand}
        left={
          <button
            type="button"
            className={styles.navIcon}
            aria-label={t`Settings`}
            onClick={() => go(pages.setting.setting)}
          >
            <UserCircleOutline />
          </button>
        }
        right={
          <button
            type="button"
            className={styles.navIcon}
            aria-label={t`Customer service`}
            onClick={() => go(pages.kefu.index)}
          >
            <MessageOutline />
          </button>
        }
      />
      <main className={styles.page}>
        {/* Until the site has answered once, the notice's place is kept (hidden): a demo site's
            notice then appears without pushing the page down. */}
        {(site.demo || !siteKnown) && <DemoNotice hidden={!site.demo} />}
        <Greeting
          user={user}
          siteName={site.site_name}
          onProfile={() => go(pages.setting.userInfo)}
          onLogin={() => go(pages.common.login)}
          onRegister={() => go(pages.common.register)}
        />
        <QuickEntries onOpen={open} />
        <Promo onOpen={() => go(pages.transaction.index)} />
        <div className={styles.contentSlot}>{content ?? <HomeContentPlace />}</div>
      </main>
    </>
  );
}

/** What the content place shows until its content has loaded: the banner's and the news line's cards. */
export function HomeContentPlace() {
  return (
    <>
      <div className={`${styles.card} ${styles.bannerPlace}`} aria-hidden="true" />
      <div className={`${styles.card} ${styles.newsPlace}`} aria-hidden="true" />
    </>
  );
}
