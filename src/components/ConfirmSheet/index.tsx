import type { ReactNode } from 'react';
import { Button, Popup } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import styles from './confirm.module.css';

export interface ConfirmSheetProps {
  open: boolean;
  /** The sheet's heading and the dialog's name. */
  title: string;
  busy: boolean;
  /** Confirm cannot be pressed yet (the form is incomplete); unlike `busy`, no spinner. */
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** The confirm button's words (default "Confirm") and colour (default primary). */
  confirmLabel?: ReactNode;
  danger?: boolean;
  confirmTestId?: string;
  /** What the user confirms: figures (`confirmList`) and rules; rendered only while open. */
  children: ReactNode;
}

/** The bottom sheet shown before money moves: a heading, what is confirmed, Cancel and Confirm. */
export function ConfirmSheet({
  open,
  title,
  busy,
  disabled = false,
  onConfirm,
  onClose,
  confirmLabel,
  danger = false,
  confirmTestId,
  children,
}: ConfirmSheetProps) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      {open && (
        <div className={styles.sheet} role="dialog" aria-label={title}>
          <h2 className={styles.title}>{title}</h2>
          {children}
          <div className={styles.buttons}>
            <Button onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color={danger ? 'danger' : 'primary'}
              loading={busy}
              disabled={busy || disabled}
              onClick={onConfirm}
              data-testid={confirmTestId}
            >
              {confirmLabel ?? <Trans>Confirm</Trans>}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
