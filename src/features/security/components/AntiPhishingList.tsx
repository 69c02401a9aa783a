import { useState } from 'react';
import { Button, Dialog, List, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { antiPhishingMark, type AntiPhishing } from '@contract/anti-phishing';
import { cachePut } from '@/lib/db';
import { useSubmit } from '@/lib/submit';
import { fetchAntiPhishing, removeAntiPhishing } from '../api/antiPhishing';
import { useSecurityReply } from '../state/cached';
import { AntiPhishingSheet } from './AntiPhishingSheet';
import type { ProtectionProps } from './AuthenticatorList';
import styles from './security.module.css';

/**
 * The anti-phishing code: the phrase the user chose, shown here only (never before signing in),
 * and how our messages carry it. Setting a first one needs nothing more; changing or removing it
 * is confirmed like the other credentials (for exactly the new code). Kept on the device for the
 * signed-in user only (wiped at sign-out), so it reads offline too.
 */
export function AntiPhishingList({
  confirm,
  onChange,
  readOnly = false,
}: Pick<ProtectionProps, 'confirm' | 'readOnly'> & { onChange: () => void }) {
  const { t } = useLingui();
  const reply = useSecurityReply<AntiPhishing>('anti-phishing', fetchAntiPhishing);
  const state = reply.value ?? null;
  const setState = (next: AntiPhishing) => cachePut(reply.key, next);
  const [editing, setEditing] = useState(false);
  const [openings, setOpenings] = useState(0);
  const code = state?.code ?? null;

  const remove = useSubmit(
    async () => {
      const sure = await Dialog.confirm({
        content: t`Remove the anti-phishing code? Our messages will no longer carry it.`,
        confirmText: t`Remove`,
        cancelText: t`Cancel`,
      });
      if (!sure) return;
      const token = await confirm('remove_anti_phishing', {});
      if (!token) return;
      await setState(await removeAntiPhishing(token));
      onChange();
      Toast.show({ icon: 'success', content: t`The anti-phishing code is removed` });
    },
    { name: 'remove anti-phishing code' },
  );

  const startEditing = () => {
    if (state === null || readOnly) return;
    setOpenings((n) => n + 1);
    setEditing(true);
  };
  const mark = code ? antiPhishingMark(code) : '';

  return (
    <>
      <List header={t`Anti-phishing code`} className={styles.list} data-testid="anti-phishing">
        <List.Item
          data-testid="anti-phishing-item"
          disabled={readOnly}
          onClick={startEditing}
          description={
            code ? (
              <Trans>
                At the top of our emails, and as {mark} at the start of our texts and notifications. A message without
                it is not from us.
              </Trans>
            ) : (
              <Trans>Choose a phrase that our emails, texts and notifications will show, so fakes stand out.</Trans>
            )
          }
        >
          {state === null ? (
            <Trans>Anti-phishing code</Trans>
          ) : code ? (
            <span className={styles.phrase} data-testid="anti-phishing-code">
              {code}
            </span>
          ) : (
            <span className={styles.off}>{t`Not set`}</span>
          )}
        </List.Item>
        {code && (
          <List.Item
            data-testid="anti-phishing-remove"
            extra={
              <Button
                size="mini"
                fill="outline"
                disabled={remove.busy || readOnly}
                onClick={() => void remove.submit()}
              >
                <Trans>Remove</Trans>
              </Button>
            }
          >
            <Trans>Remove the code</Trans>
          </List.Item>
        )}
      </List>
      <AntiPhishingSheet
        key={openings}
        open={editing}
        code={code}
        confirm={confirm}
        onClose={() => setEditing(false)}
        onSaved={(next) => {
          void setState(next);
          setEditing(false);
          onChange();
        }}
      />
    </>
  );
}
