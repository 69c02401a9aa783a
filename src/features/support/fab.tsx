import { useEffect, useState } from 'react';
import MessageFill from 'antd-mobile-icons/es/MessageFill';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { supportUnread } from '@contract/support';
import { call, endpointRef } from '@/lib/http';
import { loadCatalog } from '@/lib/i18n';
import { onSupportEvent } from '@/lib/realtime';
import { tokenAtom } from '@/lib/state';
import styles from './components/support.module.css';

// Loaded by home after its first paint, apart from the conversation screen.
await loadCatalog('support');

/** A schema-free reference: a visitor's home never loads zod for the button. */
export const unreadEndpoint = endpointRef<typeof supportUnread>('GET', '/kefu/unread');

/**
 * The floating customer-service button with the user's unread answers, kept live (a staff answer
 * raises the count at once). Home loads it lazily, so it costs the first route nothing.
 */
export default function SupportFab({ onOpen }: { onOpen: () => void }) {
  const { t } = useLingui();
  const token = useAtomValue(tokenAtom);
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (!token) return;
    let stale = false;
    call(unreadEndpoint, {}, { silent: true })
      .then((r) => {
        if (!stale) setCount(r.unread);
      })
      .catch((error: unknown) => console.warn('support: unread count not loaded', error));
    const off = onSupportEvent(token, (event) => setCount(event.unread));
    return () => {
      stale = true;
      off();
    };
  }, [token]);

  const unread = token ? count : 0;
  const label = unread > 0 ? t`Customer service, ${unread} unread` : t`Customer service`;
  return (
    <button type="button" className={styles.fab} onClick={onOpen} aria-label={label} data-testid="support-fab">
      <MessageFill fontSize={24} />
      {unread > 0 && (
        <span className={styles.fabBadge} data-testid="support-fab-unread">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
