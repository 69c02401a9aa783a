import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo } from '@/lib/nav';
import { messageText } from '../model/messages';
import { useReadMessage } from '../state/actions';
import { useMessages } from '../state/catalogue';
import styles from './nft.module.css';

/** NFT messages, unread first marked; opening one marks it read and shows its artwork or the order to pay. */
export function MessageList() {
  const { t, i18n } = useLingui();
  const go = useGo();
  const locale = activeBcp47();
  const list = useMessages();
  const read = useReadMessage(list.refresh);
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      {(list.unread ?? 0) > 0 && (
        <div className={styles.searchRow}>
          <span className={styles.hint} data-testid="nft-unread">
            <Trans>{list.unread} unread</Trans>
          </span>
          <button type="button" className={styles.link} onClick={() => void read.submit(undefined)}>
            <Trans>Mark all read</Trans>
          </button>
        </div>
      )}
      {list.rows === undefined || (list.rows === null && !list.failed) ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list.rows === null ? (
        <ErrorBlock status="disconnected" title={t`Could not be loaded`} description={t`Pull down to try again.`} />
      ) : list.rows.length === 0 ? (
        <ErrorBlock status="empty" title={t`No messages yet`} description="" />
      ) : (
        <ul className={styles.cards} data-testid="nft-messages">
          {list.rows.map((m) => {
            const text = messageText(i18n, m);
            return (
              <li key={m.id} className={styles.card} data-testid={`nft-message-${m.id}`}>
                <button
                  type="button"
                  className={`${styles.cardButton} ${styles.row}`}
                  onClick={() => {
                    if (!m.read) void read.submit(m.id);
                    go(
                      m.kind === 'won' || m.kind === 'payment_due'
                        ? { to: pages.nft.mine, search: { tab: 'pay' } }
                        : { to: pages.nft.artworkDetail, search: { id: m.artwork_id } },
                    );
                  }}
                >
                  <span className={m.read ? undefined : styles.unread}>
                    <span className={styles.messageTitle}>{text.title}</span>{' '}
                    <span className={`${styles.hint} ${styles.messageDetail}`}>
                      {text.detail} · {formatDateTime(m.created_at, locale)}
                    </span>
                  </span>
                  {!m.read && <span className={styles.dot} aria-label={t`Unread`} data-testid="nft-message-unread" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
    </Refresh>
  );
}
