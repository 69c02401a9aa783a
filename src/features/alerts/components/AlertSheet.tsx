import { useEffect, useState } from 'react';
import { Switch, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { ALERT_COOLDOWN_DEFAULT } from '@contract/alerts';
import type { PairQuote } from '@contract/market';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import { formatChange, formatPrice } from '@/lib/format';
import { useSubmit } from '@/lib/submit';
import { fetchQuote, sendCreate } from '../api/alerts';
import { COOLDOWNS, priceKind, validAmount, validPercent } from '../model/alerts';
import styles from './alerts.module.css';

interface AlertSheetProps {
  symbol: string;
  open: boolean;
  onClose: () => void;
  /** After the alert was created (the route offers notifications then). */
  onCreated?: () => void;
}

type Mode = 'price' | 'change';

/** Adds an alert on a pair: a target price (rise or fall, from the price now) or a 24 h change. */
export function AlertSheet({ symbol, open, onClose, onCreated }: AlertSheetProps) {
  const { t } = useLingui();
  const [quote, setQuote] = useState<PairQuote | null>(null);
  const [mode, setMode] = useState<Mode>('price');
  const [target, setTarget] = useState('');
  const [percent, setPercent] = useState('');
  const [repeat, setRepeat] = useState(false);
  const [cooldown, setCooldown] = useState<number>(ALERT_COOLDOWN_DEFAULT);

  useEffect(() => {
    if (!open) return;
    let live = true;
    fetchQuote(symbol).then(
      (q) => live && setQuote(q),
      // The sheet still works without the price now; the direction then defaults to a rise.
      (error: unknown) => console.warn('alerts: no quote for', symbol, error),
    );
    return () => {
      live = false;
    };
  }, [open, symbol]);

  const nowPrice = quote?.now_price ?? null;
  const valid = mode === 'price' ? validAmount(target) : validPercent(percent);
  const kind = mode === 'price' ? priceKind(target, nowPrice) : 'change';
  const create = useSubmit(
    async () => {
      if (!quote || !valid) return;
      await sendCreate({
        pair_id: quote.id,
        kind,
        ...(mode === 'price' ? { price: target } : { percent }),
        repeat,
        cooldown_minutes: cooldown,
      });
      Toast.show({ icon: 'success', content: t`Alert set` });
      setTarget('');
      setPercent('');
      onClose();
      onCreated?.();
    },
    { name: 'alert create' },
  );

  return (
    <ConfirmSheet
      open={open}
      title={t`Price alert: ${symbol}`}
      busy={create.busy}
      disabled={!valid || !quote}
      onConfirm={() => void create.submit()}
      onClose={onClose}
      confirmLabel={<Trans>Create alert</Trans>}
      confirmTestId="alert-create"
    >
      <p className={styles.now} data-testid="alert-now">
        {quote === null ? (
          <Trans>Loading the price…</Trans>
        ) : (
          <Trans>
            Price now: {formatPrice(quote.now_price, quote.price_decimals)} ({formatChange(quote?.change ?? '0')} in 24
            h)
          </Trans>
        )}
      </p>
      <div className={styles.modes} role="radiogroup">
        {(['price', 'change'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            className={`${styles.choice} ${mode === m ? styles.selected : ''}`}
            onClick={() => setMode(m)}
          >
            {m === 'price' ? t`Price reaches` : t`24 h change`}
          </button>
        ))}
      </div>
      {mode === 'price' ? (
        <>
          <label className={styles.label} htmlFor="alert-target">
            <Trans>Target price</Trans>
          </label>
          <input
            id="alert-target"
            className={styles.input}
            inputMode="decimal"
            value={target}
            onChange={(e) => setTarget(e.target.value.trim())}
            data-testid="alert-target"
          />
          {validAmount(target) && (
            <p className={styles.hint} data-testid="alert-direction">
              {kind === 'above' ? (
                <Trans>You are told when the price rises to {target} or above.</Trans>
              ) : (
                <Trans>You are told when the price falls to {target} or below.</Trans>
              )}
            </p>
          )}
        </>
      ) : (
        <>
          <label className={styles.label} htmlFor="alert-percent">
            <Trans>24 h change beyond ± (%)</Trans>
          </label>
          <input
            id="alert-percent"
            className={styles.input}
            inputMode="decimal"
            value={percent}
            onChange={(e) => setPercent(e.target.value.trim())}
            data-testid="alert-percent"
          />
          <p className={styles.hint}>
            <Trans>You are told when the price moves this much up or down within 24 hours (at most 1000 %).</Trans>
          </p>
        </>
      )}
      <RepeatFields repeat={repeat} cooldown={cooldown} onRepeat={setRepeat} onCooldown={setCooldown} />
    </ConfirmSheet>
  );
}

interface RepeatFieldsProps {
  repeat: boolean;
  cooldown: number;
  onRepeat: (repeat: boolean) => void;
  onCooldown: (minutes: number) => void;
}

/** One-time or repeating, and the cool-down between two firings of a repeating alert. */
function RepeatFields({ repeat, cooldown, onRepeat, onCooldown }: RepeatFieldsProps) {
  const { t } = useLingui();
  const minutes = (m: number) => (m % 60 === 0 ? t`${m / 60} h` : t`${m} min`);
  return (
    <>
      <div className={styles.repeat}>
        <span>
          <Trans>Repeat</Trans>
        </span>
        <Switch checked={repeat} onChange={onRepeat} aria-label={t`Repeat`} />
      </div>
      {repeat ? (
        <>
          <span className={styles.label}>
            <Trans>At most once every</Trans>
          </span>
          <div className={styles.choices}>
            {COOLDOWNS.map((m) => (
              <button
                key={m}
                type="button"
                className={`${styles.choice} ${cooldown === m ? styles.selected : ''}`}
                onClick={() => onCooldown(m)}
              >
                {minutes(m)}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p className={styles.hint}>
          <Trans>A one-time alert stops after it fires; resume it from the list of alerts.</Trans>
        </p>
      )}
    </>
  );
}
