import { Button, Dialog, List, Tag, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Session } from '@contract/identity';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { useSubmit } from '@/lib/submit';
import { fetchSessions, logoutOthers, logoutSession } from '../api/devices';
import { useSecurityReply } from '../state/cached';
import styles from './devices.module.css';

const when = (iso: string) => formatDateTime(Date.parse(iso), activeBcp47());

/** "Chrome 131 · Android 14", else the model, else nothing (the caller says "unknown"). */
export const deviceTitle = (s: Pick<Session, 'browser' | 'os' | 'model'>) =>
  [s.browser, s.os].filter(Boolean).join(' · ') || s.model;

/**
 * Every signed-in session of the account with its device, browser, address, first and last use:
 * this one marked, each other one signed out on its own, or all others at once. Offline (read-only)
 * the list the device saved.
 */
export function DeviceList({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useLingui();
  const reply = useSecurityReply<Session[]>('sessions', fetchSessions);
  const load = reply.refresh;
  // This device first, then the others as the server orders them (most recently used first).
  const sessions = reply.value && [...reply.value].sort((a, b) => Number(b.current) - Number(a.current));
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  const one = useSubmit(
    async (s: Session) => {
      const device = deviceTitle(s) || t`Unknown device`;
      const sure = await Dialog.confirm({
        content: t`Sign out ${device}? It will have to sign in again.`,
        confirmText: t`Sign out`,
        cancelText: t`Cancel`,
      });
      if (!sure) return;
      await logoutSession(s.id);
      Toast.show({ icon: 'success', content: t`Signed out` });
      await load();
    },
    { name: 'sign out one device' },
  );

  const all = useSubmit(
    async () => {
      const sure = await Dialog.confirm({
        content: t`Sign out every other device? They will have to sign in again.`,
        confirmText: t`Sign out`,
        cancelText: t`Cancel`,
      });
      if (!sure) return;
      const { revoked } = await logoutOthers();
      Toast.show({ icon: 'success', content: t`Devices signed out: ${revoked}` });
      await load();
    },
    { name: 'sign out other devices' },
  );

  return (
    <section aria-label={t`Signed-in devices`}>
      <List header={t`Signed-in devices`} className={styles.list}>
        {sessions?.map((s) => {
          const first = when(s.created_at);
          const last = when(s.last_seen_at);
          const title = deviceTitle(s);
          // The model under the title when the title named the browser; the address always.
          const where = [title !== s.model ? s.model : '', s.ip].filter(Boolean).join(' · ');
          return (
            <List.Item
              key={s.id}
              data-testid="device-item"
              description={
                <span className={styles.lines}>
                  {where && <span>{where}</span>}
                  <span>
                    <Trans>First used {first}</Trans>
                  </span>
                  <span>
                    <Trans>Last used {last}</Trans>
                  </span>
                </span>
              }
              extra={
                s.current ? (
                  <Tag color="primary">{t`This device`}</Tag>
                ) : (
                  <Button size="mini" fill="outline" disabled={one.busy || readOnly} onClick={() => void one.submit(s)}>
                    <Trans>Sign out</Trans>
                  </Button>
                )
              }
            >
              <span className={styles.device} data-testid="device-name">
                {title || t`Unknown device`}
              </span>
            </List.Item>
          );
        })}
      </List>
      <div className={styles.action}>
        <Button
          block
          color="danger"
          fill="outline"
          loading={all.busy}
          disabled={all.busy || others === 0 || readOnly}
          data-testid="devices-logout-others"
          onClick={all.submit}
        >
          <Trans>Sign out all other devices</Trans>
        </Button>
      </div>
    </section>
  );
}
