import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { pages, useGo } from '@/lib/nav';
import { ArtworkBrowser, type BrowseFilter } from './components/ArtworkBrowser';
import { Banners } from './components/Banners';
import { SearchRow } from './components/SearchRow';
import { Shortcuts } from './components/Shortcuts';
import { useCollections, useMessages } from './state/catalogue';
import styles from './components/nft.module.css';

/** `nft/nft`: the market: search, collection banners, shortcuts, artworks by type and sale mode. */
export function NftHomePage() {
  const { t } = useLingui();
  const go = useGo();
  const [filter, setFilter] = useState<BrowseFilter>({});
  const collections = useCollections();
  const messages = useMessages();
  return (
    <div className={styles.page}>
      <NavBar title={t`NFT market`} />
      <ArtworkBrowser
        filter={filter}
        onFilter={setFilter}
        refreshHeader={() => collections.refresh()}
        header={
          <>
            <SearchRow onSearch={(q) => go({ to: pages.nft['components/search'], search: { q } })} />
            <Banners collections={collections.rows ?? []} />
            <Shortcuts unread={messages.unread ?? 0} />
          </>
        }
      />
    </div>
  );
}
