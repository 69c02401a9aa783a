import { Badge } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import { pages, useGo } from '@/lib/nav';
import styles from './nft.module.css';

/** The market's shortcuts: artists, collections, my NFTs and the NFT centre with its unread count. */
export function Shortcuts({ unread }: { unread: number }) {
  const go = useGo();
  return (
    <div className={styles.chips}>
      <button type="button" className={styles.chip} onClick={() => go(pages.nft['components/artist'])}>
        <Trans>Artists</Trans>
      </button>
      <button type="button" className={styles.chip} onClick={() => go(pages.nft['components/collection'])}>
        <Trans>Collections</Trans>
      </button>
      <button type="button" className={styles.chip} onClick={() => go(pages.nft.myNft)} data-testid="nft-go-mynft">
        <Trans>My NFTs</Trans>
      </button>
      <Badge content={unread > 0 ? unread : null}>
        <button
          type="button"
          className={styles.chip}
          onClick={() => go({ to: pages.nft.mine, search: { tab: 'messages' } })}
          data-testid="nft-go-mine"
        >
          <Trans>Messages and orders</Trans>
        </button>
      </Badge>
    </div>
  );
}
