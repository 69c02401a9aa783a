import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { PushCategory } from '@contract/push';
import { NavBar } from '@/components/NavBar';
import { ListEnd } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import type { NotificationRow } from '@/lib/db';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import type { NavTarget } from '@/lib/nav';
import { languageAtom, userAtom } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { routeTarget } from '../model/route';
import { pushState, subscribeDevice } from '../state/device';
import { markAllRead, markRead, useNotificationList, useUnreadCount } from '../state/notifications';
import { useCategoryLabels } from './labels';
import styles from './notifications.module.css';

interface NotificationCentreProps {
  /** Opens a notification's route. */
  onOpen: (target: NavTarget) => void;
  /** Opens the notification settings. */
  onSettings: () => void;
}

/**
 * The notification centre (SPEC.md "system notifications", `setting/setting?view=notifications`):
 * the account's inbox from the server, newest first, unread marked, read state shared by every
 * device; kept in Dexie, so it reads offline.
 */
export function NotificationCentre({ onOpen, onSettings }: NotificationCentreProps) {
  const { t } = useLingui();
  const locale = useAtomValue(languageAtom);
  const list = useNotificationList();
  const unread = useUnreadCount();
  const labels = useCategoryLabels();
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const readAll = useSubmit(() => markAllRead(uid), { name: 'notifications-read-all' });

  // Pulling down reads the inbox's newest page again and re-registers this device for push (a
  // renewed subscription, the current language); the list itself follows the store live.
  const refresh = async () => {
    await list.refresh();
    if (pushState() !== 'granted' || !navigator.onLine) return;
    await subscribeDevice(locale).catch((error: unknown) =>
      console.warn('push: could not renew the subscription', error),
    );
  };

  const open = async (row: NotificationRow) => {
    await markRead(uid, row.id);
    const target = routeTarget(row.route);
    if (target) onOpen(target);
  };

  return (
    <div className={styles.page}>
      <NavBar
        title={t`Notifications`}
        right={
          <button
            type="button"
            className={styles.navAction}
            disabled={!unread || readAll.busy}
            onClick={() => void readAll.submit()}
            data-testid="notifications-read-all"
          >
            <Trans>Read all</Trans>
          </button>
        }
      />
      <Refresh onRefresh={refresh}>
        {list.rows === undefined || (list.rows.length === 0 && !list.loaded) ? (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        ) : list.rows.length === 0 ? (
          <ErrorBlock
            status="empty"
            title={t`No notifications yet`}
            description={t`Order fills, settlements, wallet, security and NFT notices appear here.`}
          >
            <button type="button" className={styles.link} onClick={onSettings} data-testid="notifications-settings">
              <Trans>Notification settings</Trans>
            </button>
          </ErrorBlock>
        ) : (
          <ul className={styles.items} data-testid="notifications">
            {list.rows.map((row) => (
              <li key={row.id}>
                <NotificationItem
                  row={row}
                  category={labels[row.category as PushCategory]?.name ?? row.category}
                  onOpen={() => void open(row)}
                />
              </li>
            ))}
          </ul>
        )}
        <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
      </Refresh>
    </div>
  );
}

function NotificationItem({ row, category, onOpen }: { row: NotificationRow; category: string; onOpen: () => void }) {
  const { t } = useLingui();
  const unread = row.read === 0;
  return (
    <button
      type="button"
      className={unread ? styles.item : `${styles.item} ${styles.read}`}
      onClick={onOpen}
      data-testid={`notification-${row.id}`}
      data-read={unread ? 'false' : 'true'}
    >
      <div className={styles.itemHead}>
        {unread && <span className={styles.dot} role="img" aria-label={t`Unread`} />}
        <h3>{row.title}</h3>
      </div>
      {row.body && <p className={styles.body}>{row.body}</p>}
      <div className={styles.meta}>
        <span>{category}</span>
        <time dateTime={new Date(row.createdAt).toISOString()}>{formatDateTime(row.createdAt, activeBcp47())}</time>
      </div>
    </button>
  );
}
