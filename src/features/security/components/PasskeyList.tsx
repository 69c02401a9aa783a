import { useState } from 'react';
import { Button, Dialog, Input, List, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { PASSKEY_MAX, PASSKEY_NAME_MAX, type Passkey } from '@contract/security';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import { FormField } from '@/components/FormField';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { createPasskey, passkeysSupported } from '@/lib/passkey';
import { useSubmit } from '@/lib/submit';
import { addPasskey, passkeyOptions, removePasskey } from '../api/security';
import type { ProtectionProps } from './AuthenticatorList';
import { PasskeyRenameSheet } from './PasskeyRenameSheet';
import styles from './security.module.css';

const when = (iso: string) => formatDateTime(Date.parse(iso), activeBcp47());

/** When a passkey was added and last used. */
function PasskeyDates({ passkey }: { passkey: Passkey }) {
  const added = when(passkey.created_at);
  const used = passkey.last_used_at ? when(passkey.last_used_at) : '';
  return (
    <span>
      <Trans>Added {added}</Trans>
      {' · '}
      {used ? <Trans>Last used {used}</Trans> : <Trans>Not used yet</Trans>}
    </span>
  );
}

/** One passkey with its dates, renamed or removed (neither offline). */
function PasskeyItem(props: {
  passkey: Passkey;
  disabled: boolean;
  readOnly: boolean;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { passkey: p } = props;
  return (
    <List.Item
      data-testid="passkey-item"
      description={<PasskeyDates passkey={p} />}
      extra={
        <span className={styles.itemActions}>
          <Button
            size="mini"
            fill="outline"
            data-testid="passkey-rename"
            disabled={props.readOnly}
            onClick={props.onRename}
          >
            <Trans>Rename</Trans>
          </Button>
          <Button
            size="mini"
            fill="outline"
            data-testid="passkey-remove"
            disabled={props.disabled}
            onClick={props.onRemove}
          >
            <Trans>Remove</Trans>
          </Button>
        </span>
      }
    >
      {p.name}
    </List.Item>
  );
}

/**
 * The account's passkeys (name, added, last used): a new one is named first, then made by the
 * device's own prompt; one is renamed in a sheet, or removed after a confirmation (by a passkey, the strongest factor).
 */
export function PasskeyList({ state, reload, confirm, readOnly = false }: ProtectionProps) {
  const { t } = useLingui();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const list = state?.passkeys ?? [];

  const add = useSubmit(
    async () => {
      const trimmed = name.trim();
      if (!trimmed) return setError(t`Please enter a name`);
      const options = await passkeyOptions();
      const credential = await createPasskey(options);
      if (!credential) return setError(t`No passkey was created. Please try again.`);
      await addPasskey(trimmed, credential);
      setNaming(false);
      Toast.show({ icon: 'success', content: t`Passkey added` });
      await reload();
    },
    { name: 'add passkey' },
  );

  const remove = useSubmit(
    async (passkey: Passkey) => {
      const label = passkey.name;
      const sure = await Dialog.confirm({
        content: t`Remove the passkey "${label}"? It will no longer sign you in.`,
        confirmText: t`Remove`,
        cancelText: t`Cancel`,
      });
      if (!sure) return;
      const token = await confirm('remove_passkey', { id: passkey.id });
      if (!token) return;
      await removePasskey(passkey.id, token);
      Toast.show({ icon: 'success', content: t`The passkey is removed` });
      await reload();
    },
    { name: 'remove passkey' },
  );

  const startNaming = () => {
    if (!passkeysSupported()) return void Toast.show({ content: t`This browser does not support passkeys` });
    setName('');
    setError('');
    setNaming(true);
  };

  return (
    <>
      <List header={t`Passkeys`} className={styles.list} data-testid="passkeys">
        {list.map((p) => (
          <PasskeyItem
            key={p.id}
            passkey={p}
            disabled={remove.busy || readOnly}
            readOnly={readOnly}
            onRename={() => setRenaming(p)}
            onRemove={() => void remove.submit(p)}
          />
        ))}
        {state !== null && list.length < PASSKEY_MAX && (
          <List.Item
            data-testid="passkey-add"
            disabled={readOnly}
            description={
              list.length === 0 ? (
                <Trans>
                  Sign in and confirm withdrawals with your fingerprint, face or screen lock instead of a code.
                </Trans>
              ) : undefined
            }
            onClick={readOnly ? undefined : startNaming}
          >
            <Trans>Add a passkey</Trans>
          </List.Item>
        )}
      </List>
      <ConfirmSheet
        open={naming}
        title={t`Add a passkey`}
        busy={add.busy}
        onConfirm={() => void add.submit()}
        onClose={() => setNaming(false)}
        confirmLabel={<Trans>Continue</Trans>}
        confirmTestId="passkey-create"
      >
        <p>
          <Trans>Name it after the device it is on, so you can tell your passkeys apart.</Trans>
        </p>
        <FormField label={t`Passkey name`} htmlFor="passkey-name" error={error}>
          <Input
            id="passkey-name"
            aria-label={t`Passkey name`}
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={setName}
            onEnterPress={() => void add.submit()}
          />
        </FormField>
      </ConfirmSheet>
      <PasskeyRenameSheet
        key={renaming?.id ?? 0}
        passkey={renaming}
        onClose={() => setRenaming(null)}
        onSaved={reload}
      />
    </>
  );
}
