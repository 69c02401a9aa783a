import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { ArtworkBrowser, type BrowseFilter } from './components/ArtworkBrowser';
import styles from './components/nft.module.css';

/** `nft/components/artwork`: every artwork, by type and sale mode (kept in the address). */
export function ArtworksPage({ filter, onFilter }: { filter: BrowseFilter; onFilter: (f: BrowseFilter) => void }) {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <NavBar title={t`Artworks`} />
      <ArtworkBrowser filter={filter} onFilter={onFilter} />
    </div>
  );
}
