import { useState } from 'react';
import { Input, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { PASSKEY_NAME_MAX, passkeyRename, type Passkey } from '@contract/security';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import { FormField } from '@/components/FormField';
import { ApiError } from '@/lib/http';
import { useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { renamePasskey } from '../api/security';
import styles from './security.module.css';

/**
 * Renames one of the user's passkeys (1 to 40 characters, checked by the contract's schema
 * first). Mounted afresh for each opening (the list keys it), so it starts from the current name.
 */
export function PasskeyRenameSheet({
  passkey,
  onClose,
  onSaved,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useLingui();
  const validate = useValidator();
  const [value, setValue] = useState(passkey?.name ?? '');
  const [error, setError] = useState('');

  const save = useSubmit(
    async () => {
      if (!passkey) return;
      const checked = validate(passkeyRename.request, { id: passkey.id, name: value });
      if (!checked.ok) return setError(checked.message);
      try {
        await renamePasskey(passkey.id, checked.data.name);
      } catch (e) {
        if (e instanceof ApiError) return setError(e.message);
        throw e;
      }
      Toast.show({ icon: 'success', content: t`Passkey renamed` });
      onClose();
      await onSaved();
    },
    { name: 'rename passkey' },
  );

  return (
    <ConfirmSheet
      open={passkey !== null}
      title={t`Rename the passkey`}
      busy={save.busy}
      onConfirm={() => void save.submit()}
      onClose={onClose}
      confirmLabel={<Trans>Save</Trans>}
      confirmTestId="passkey-rename-save"
    >
      <p className={styles.hint}>
        <Trans>Name it after the device it is on, so you can tell your passkeys apart.</Trans>
      </p>
      <FormField label={t`Passkey name`} htmlFor="passkey-rename" error={error}>
        <Input
          id="passkey-rename"
          aria-label={t`Passkey name`}
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          value={value}
          onChange={(v) => {
            setValue(v);
            setError('');
          }}
          onEnterPress={() => void save.submit()}
        />
      </FormField>
    </ConfirmSheet>
  );
}
