import { Swiper } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import type { NftCollection } from '@contract/nft';
import { pages, useGo } from '@/lib/nav';
import styles from './nft.module.css';

/** The market's banners: the collections, each opening its works. */
export function Banners({ collections }: { collections: NftCollection[] }) {
  const go = useGo();
  if (collections.length === 0) return null;
  return (
    <div className={styles.banners} data-testid="nft-banners">
      <Swiper autoplay loop={collections.length > 1} autoplayInterval={5000}>
        {collections.slice(0, 5).map((c) => (
          <Swiper.Item key={c.id}>
            <button
              type="button"
              className={styles.banner}
              onClick={() => go({ to: pages.nft['components/collection'], search: { id: c.id } })}
            >
              <img src={c.cover} alt="" />
              <span className={styles.bannerText}>
                <strong>{c.name}</strong>
                <span>
                  <Trans>
                    {c.artist_name} · {c.works} works
                  </Trans>
                </span>
              </span>
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
