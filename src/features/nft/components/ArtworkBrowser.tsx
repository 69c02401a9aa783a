import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { NFT_TYPES, type NftType } from '@contract/nft';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import type { ArtworkFilter } from '../api/nft';
import { MODE_LABELS, TYPE_LABELS } from '../model/labels';
import { useArtworks } from '../state/catalogue';
import { ArtworkGrid } from './ArtworkGrid';
import styles from './nft.module.css';

export interface BrowseFilter {
  type?: NftType;
  /** 1 fixed price, 2 auction. */
  payType?: 1 | 2;
}

interface BrowserProps {
  filter: BrowseFilter;
  onFilter: (f: BrowseFilter) => void;
  /** Shown above the filters (the market's banners), refreshed with the list by `refreshHeader`. */
  header?: ReactNode;
  refreshHeader?: () => Promise<void>;
}

/** Filter chips by type and sale mode over the artwork grid; the list of each filter is kept offline. */
export function ArtworkBrowser({ filter, onFilter, header, refreshHeader }: BrowserProps) {
  const { t, i18n } = useLingui();
  const query: ArtworkFilter = {
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.payType ? { pay_type: filter.payType } : {}),
  };
  const list = useArtworks(query);
  const chip = (on: boolean) => `${styles.chip} ${on ? styles.chipOn : ''}`;
  return (
    <Refresh onRefresh={() => Promise.all([list.refresh(), refreshHeader?.()])}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      {header}
      {/* One row that scrolls sideways: wrapped, the chips pushed the artworks below the fold. */}
      <div className={styles.chipRow} data-testid="nft-filters">
        <div className={styles.chipGroup} role="group" aria-label={t`Type`}>
          <button type="button" className={chip(!filter.type)} onClick={() => onFilter({ ...filter, type: undefined })}>
            {t`All`}
          </button>
          {NFT_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              className={chip(filter.type === type)}
              aria-pressed={filter.type === type}
              onClick={() => onFilter({ ...filter, type })}
              data-testid={`nft-type-${type}`}
            >
              {i18n._(TYPE_LABELS[type])}
            </button>
          ))}
        </div>
        <div className={styles.chipGroup} role="group" aria-label={t`Sale mode`}>
          <button
            type="button"
            className={chip(!filter.payType)}
            onClick={() => onFilter({ ...filter, payType: undefined })}
          >
            {t`All sales`}
          </button>
          {([1, 2] as const).map((payType) => (
            <button
              key={payType}
              type="button"
              className={chip(filter.payType === payType)}
              aria-pressed={filter.payType === payType}
              onClick={() => onFilter({ ...filter, payType })}
              data-testid={`nft-mode-${payType}`}
            >
              {i18n._(MODE_LABELS[payType]!)}
            </button>
          ))}
        </div>
      </div>
      <ArtworkGrid list={list} empty={t`No artworks here yet`} testId="nft-artworks" />
    </Refresh>
  );
}
