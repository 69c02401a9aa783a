import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import { settleSubmit } from '@/lib/submit';

export const DEFAULT_RESEND_SECONDS = 60;

/**
 * Ends of running countdowns by key. Module scope so that a countdown keeps running when the form
 * unmounts (for example while the user visits the area picker) and comes back.
 */
const countdownEnds = new Map<string, number>();

export function secondsLeft(endsAt: number | undefined, now: number): number {
  if (endsAt === undefined) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

export interface CodeButtonProps {
  /**
   * Sends the code. Resolve with the number of seconds to wait before the next send (or `true`
   * for the default 60 s); resolve `false` or reject when nothing was sent, so no countdown starts.
   */
  onSend: () => Promise<number | boolean>;
  /** Countdowns with the same key are shared across mounts. */
  timerKey: string;
  disabled?: boolean;
}

export function CodeButton({ onSend, timerKey, disabled }: CodeButtonProps) {
  const { t } = useLingui();
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const left = secondsLeft(countdownEnds.get(timerKey), now);
  const counting = left > 0;

  useEffect(() => {
    if (!counting) return;
    // A short tick keeps the shown second close to the real remaining time.
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [counting]);

  const send = async () => {
    if (sending || counting) return;
    setSending(true);
    try {
      // A refused request was shown by the HTTP client and the button becomes available again.
      const result = await settleSubmit(onSend, { name: 'verification code' });
      if (result !== undefined && result !== false) {
        const seconds = typeof result === 'number' && result > 0 ? result : DEFAULT_RESEND_SECONDS;
        countdownEnds.set(timerKey, Date.now() + seconds * 1000);
      }
    } finally {
      setSending(false);
      setNow(Date.now());
    }
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      loading={sending}
      disabled={disabled || counting}
      onClick={() => void send()}
      style={{ whiteSpace: 'nowrap', paddingInline: 4, minWidth: 44, minHeight: 44 }}
    >
      {counting ? t`Resend in ${left} s` : t`Get code`}
    </Button>
  );
}

export default CodeButton;
