import { useEffect, useState } from 'react';
import { Button, Dialog, List, Tag, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Session } from '@contract/identity';
import { apiErrorsShown, useSubmit } from '@/lib/submit';
import { fetchSessions, logoutOtherDevices } from '../api/security';
import styles from './identity.module.css';

/** The account's signed-in devices, and "log out other devices". */
export function SessionList() {
  const { t, i18n } = useLingui();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  // This device first, then the others as the server orders them (most recently used first).
  const load = () =>
    fetchSessions().then(
      (list) => setSessions([...list].sort((a, b) => Number(b.current) - Number(a.current))),
      apiErrorsShown('sessions'),
    );
  useEffect(() => {
    void load();
  }, []);
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  const describe = (s: Session) => {
    const ip = s.ip || '-';
    const lastSeen = when(s.last_seen_at);
    const since = when(s.created_at);
    return t`${ip} · last active ${lastSeen} · since ${since}`;
  };

  const { submit, busy } = useSubmit(
    async () => {
      const sure = await Dialog.confirm({
        content: t`Log out every other device? They will have to log in again.`,
        confirmText: t`Log out`,
        cancelText: t`Cancel`,
      });
      if (!sure) return;
      const { revoked } = await logoutOtherDevices();
      Toast.show({ icon: 'success', content: t`Devices logged out: ${revoked}` });
      await load();
    },
    { name: 'log out other devices' },
  );

  return (
    <section aria-label={t`Signed-in devices`}>
      <List header={t`Signed-in devices`} className={styles.list}>
        {sessions?.map((s) => (
          <List.Item
            key={s.id}
            description={describe(s)}
            extra={s.current ? <Tag color="primary">{t`This device`}</Tag> : undefined}
          >
            <span className={styles.device}>{s.device || t`Unknown device`}</span>
          </List.Item>
        ))}
      </List>
      <div className={styles.submit}>
        <Button block color="danger" fill="outline" loading={busy} disabled={busy || others === 0} onClick={submit}>
          <Trans>Log out other devices</Trans>
        </Button>
      </div>
    </section>
  );
}
