import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { apiErrorsShown } from '@/lib/submit';
import { ReasonField } from './ReasonField';
import styles from './toolkit.module.css';

export interface ConfirmOptions {
  title: ReactNode;
  /** What will happen, in words; shown above the fields. */
  body?: ReactNode;
  /** Label of the confirming button. */
  confirmLabel?: ReactNode;
  /** Red confirming button: rejections, freezes, anything hard to undo. */
  danger?: boolean;
  /** Ask for a reason: 'required' (rejections, freezes) or 'optional' (notes on approvals). */
  reason?: 'required' | 'optional';
  reasonHint?: ReactNode;
  /**
   * Money actions: the exact text (e.g. "100 USDT") the staff member must type before the
   * confirming button works, so a click alone never moves money.
   */
  typeToConfirm?: string;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  /** Resolves when the action is done (the dialog closes) or rejects (it stays open). */
  onConfirm: (reason: string) => Promise<unknown> | void;
  onCancel: () => void;
}

/**
 * A modal confirmation: optional reason field, optional type-to-confirm for money, busy while the
 * action runs (a second click cannot send it twice). Escape or Cancel closes it.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  danger,
  reason: reasonMode,
  reasonHint,
  typeToConfirm,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const typedId = useId();
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !busy && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onCancel]);

  const ready =
    !busy &&
    (reasonMode !== 'required' || reason.trim() !== '') &&
    (typeToConfirm === undefined || typed.trim() === typeToConfirm);

  const submit = async () => {
    if (!ready) return;
    setBusy(true);
    // A failure has been shown by the HTTP client; the dialog stays for another try or Cancel.
    await Promise.resolve(onConfirm(reason.trim())).catch(apiErrorsShown('admin action'));
    if (live.current) setBusy(false);
  };

  return createPortal(
    <div className={styles.mask} onClick={(e) => e.target === e.currentTarget && !busy && onCancel()}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        {body && <div className={styles.dialogBody}>{body}</div>}
        {reasonMode && (
          <ReasonField value={reason} onChange={setReason} required={reasonMode === 'required'} hint={reasonHint} />
        )}
        {typeToConfirm !== undefined && (
          <div className={styles.field}>
            <label htmlFor={typedId}>
              <Trans>
                Type <span className={styles.phrase}>{typeToConfirm}</span> to confirm
              </Trans>
            </label>
            <input
              id={typedId}
              className={styles.input}
              value={typed}
              autoComplete="off"
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className={`${styles.button} ${danger ? styles.danger : styles.primary}`}
            onClick={() => void submit()}
            disabled={!ready}
          >
            {busy ? <Trans>Working…</Trans> : (confirmLabel ?? <Trans>Confirm</Trans>)}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

type Pending = ConfirmOptions & { run: (reason: string) => Promise<unknown> | void; done: (ok: boolean) => void };

/**
 * `const { confirm, dialog } = useConfirm()`; render `{dialog}`, then
 * `await confirm({ title, reason: 'required' }, (reason) => call(...))` resolves true once the
 * action succeeded, false when cancelled. A failed action keeps the dialog open.
 */
export function useConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions, run: (reason: string) => Promise<unknown> | void) =>
      new Promise<boolean>((resolve) => setPending({ ...options, run, done: resolve })),
    [],
  );
  const dialog = pending ? (
    <ConfirmDialog
      {...pending}
      onConfirm={async (reason) => {
        await pending.run(reason);
        setPending(null);
        pending.done(true);
      }}
      onCancel={() => {
        setPending(null);
        pending.done(false);
      }}
    />
  ) : null;
  return { confirm, dialog };
}
