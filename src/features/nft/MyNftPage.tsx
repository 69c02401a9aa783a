import { ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { pages, useGo, useGoLogin } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { ArtworkGrid } from './components/ArtworkGrid';
import { useMyNfts } from './state/catalogue';
import styles from './components/nft.module.css';

/** `nft/myNft`: the artworks and boxes the user owns, readable offline from the device. */
export function MyNftPage() {
  const { t } = useLingui();
  const go = useGo();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  return (
    <div className={styles.page}>
      <NavBar
        title={t`My NFTs`}
        right={
          <button
            type="button"
            className={styles.link}
            onClick={() => go({ to: pages.nft.mine, search: { tab: 'messages' } })}
          >
            <Trans>Messages</Trans>
          </button>
        }
      />
      {signedIn ? (
        <Owned />
      ) : (
        <ErrorBlock status="empty" title={t`Log in to see your NFTs.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      )}
    </div>
  );
}

function Owned() {
  const { t } = useLingui();
  const list = useMyNfts();
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      <ArtworkGrid list={list} empty={t`You do not own any NFTs yet`} testId="nft-mine" />
    </Refresh>
  );
}
