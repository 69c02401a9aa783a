import { ErrorBlock, Tabs } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { pages, useGo, useGoLogin, type NftMineTab } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { ArtworkGrid } from './components/ArtworkGrid';
import { BidRecord } from './components/BidRecord';
import { MessageList } from './components/MessageList';
import { ToPayList } from './components/ToPayList';
import { useFavorites, useMyBids } from './state/catalogue';
import styles from './components/nft.module.css';

/** `nft/mine?tab=`: the NFT centre: messages, won auctions to pay, bid records and favorites. */
export function MinePage({ tab, onTab }: { tab: NftMineTab; onTab: (tab: NftMineTab) => void }) {
  const { t } = useLingui();
  const go = useGo();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  return (
    <div className={styles.page}>
      <NavBar
        title={t`My NFT`}
        right={
          <button type="button" className={styles.link} onClick={() => go(pages.nft.myNft)}>
            <Trans>My NFTs</Trans>
          </button>
        }
      />
      <Tabs activeKey={tab} onChange={(k) => onTab(k as NftMineTab)}>
        <Tabs.Tab key="messages" title={t`Messages`} />
        <Tabs.Tab key="pay" title={t`To pay`} />
        <Tabs.Tab key="bids" title={t`My bids`} />
        <Tabs.Tab key="favorites" title={t`Favorites`} />
      </Tabs>
      {!signedIn ? (
        <ErrorBlock status="empty" title={t`Log in to see your NFT activity.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      ) : tab === 'messages' ? (
        <MessageList />
      ) : tab === 'pay' ? (
        <ToPayList />
      ) : tab === 'bids' ? (
        <MyBids />
      ) : (
        <Favorites />
      )}
    </div>
  );
}

function MyBids() {
  const go = useGo();
  const list = useMyBids();
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      <BidRecord
        rows={list.rows}
        failed={list.failed}
        more={list.more}
        loadMore={list.loadMore}
        named
        onOpen={(b) => go({ to: pages.nft.artworkDetail, search: { id: b.artwork_id } })}
      />
    </Refresh>
  );
}

function Favorites() {
  const { t } = useLingui();
  const list = useFavorites();
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      <ArtworkGrid list={list} empty={t`No favorites yet`} testId="nft-favorites" />
    </Refresh>
  );
}
