import { Badge, List } from 'antd-mobile';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SettingView } from '@/lib/nav';
import { useUnreadCount } from '../state/notifications';
import styles from './notifications.module.css';

/** The settings page's entries to the notification centre (with the unread count) and its settings. */
export function NotificationEntries({ onOpen }: { onOpen: (view: SettingView) => void }) {
  const { t } = useLingui();
  const unread = useUnreadCount() ?? 0;
  return (
    <List header={t`Notifications`} className={styles.list}>
      <List.Item
        onClick={() => onOpen('notifications')}
        extra={unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} /> : undefined}
        data-testid="entry-notifications"
      >
        <Trans>System notifications</Trans>
      </List.Item>
      <List.Item onClick={() => onOpen('notification_settings')} data-testid="entry-notification-settings">
        <Trans>Notification settings</Trans>
      </List.Item>
    </List>
  );
}

/** A bell with the unread count for a page's navigation bar (the assets page); opens the centre. */
export function NotificationBell({ onOpen }: { onOpen: () => void }) {
  const { t } = useLingui();
  const unread = useUnreadCount() ?? 0;
  return (
    <button
      type="button"
      className={styles.bell}
      onClick={onOpen}
      aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
      data-testid="notification-bell"
    >
      <Badge content={unread > 0 ? (unread > 99 ? '99+' : unread) : null}>
        <BellOutline />
      </Badge>
    </button>
  );
}
