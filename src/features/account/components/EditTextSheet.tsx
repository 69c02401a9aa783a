import { useState } from 'react';
import { Button, Input, Popup } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import type { z } from 'zod';
import { ApiError } from '@/lib/http';
import { useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import styles from './profile.module.css';

export interface EditTextSheetProps {
  title: string;
  /** The rule of the contract; its message is shown localized. */
  schema: z.ZodType<string>;
  initial: string;
  maxLength: number;
  hint: string;
  onSave: (value: string) => Promise<unknown>;
  onClose: () => void;
}

/** One text of the profile (nickname or signature), checked with the server's rule before sending. */
export function EditTextSheet({ title, schema, initial, maxLength, hint, onSave, onClose }: EditTextSheetProps) {
  const validate = useValidator();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const { submit, busy } = useSubmit(
    async () => {
      const checked = validate(schema, value);
      if (!checked.ok) {
        setError(checked.message);
        return;
      }
      setError('');
      await onSave(checked.data);
      onClose();
    },
    { name: 'profile', onApiError: (e: ApiError) => setError(e.message) },
  );

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} showCloseButton>
      <form
        role="dialog"
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h2 className={styles.sheetTitle}>{title}</h2>
        <Input
          className={styles.input}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError('');
          }}
          maxLength={maxLength}
          aria-label={title}
          aria-invalid={error !== ''}
          clearable
          autoFocus
        />
        <div className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
          {error || hint}
        </div>
        <Button block size="large" color="primary" type="submit" loading={busy} className={styles.save}>
          <Trans>Save</Trans>
        </Button>
      </form>
    </Popup>
  );
}
