import { useState } from 'react';
import { Button, Input, Popup } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Position } from '@contract/futures';
import { formatPrice } from '@/lib/format';
import { useContractMessage } from '@/lib/validation';
import { checkStops } from '../model/form';
import { sanitizeNumber } from '../model/input';
import { sideOf } from '../model/position';
import { checkTrail, previewTrail, trailDraftOf, type TrailDraft } from '../model/trail';
import type { Stops } from '../state/actions';
import confirmStyles from '@/components/ConfirmSheet/confirm.module.css';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './futures.module.css';

interface StopSheetProps {
  position: Position | null;
  /** The live mark of its pair (the server's when none is newer). */
  mark: string | undefined;
  priceDecimals: number;
  busy: boolean;
  onSave: (stops: Stops) => void;
  onClose: () => void;
}

/**
 * Edits a position's take-profit, stop-loss and trailing stop (empty clears one), checked as the
 * server checks them.
 */
export function StopSheet({ position, ...props }: StopSheetProps) {
  const { t } = useLingui();
  return (
    <Popup
      visible={position !== null}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      destroyOnClose
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      {position && (
        <div
          className={`${styles.confirm} ${fieldStyles.confirm}`}
          role="dialog"
          aria-label={t`Take-profit and stop-loss`}
        >
          <StopForm key={position.id} position={position} {...props} />
        </div>
      )}
    </Popup>
  );
}

function StopForm({
  position: p,
  mark,
  priceDecimals,
  busy,
  onSave,
  onClose,
}: { position: Position } & Omit<StopSheetProps, 'position'>) {
  const { t } = useLingui();
  const message = useContractMessage();
  const [takeProfit, setTakeProfit] = useState(p.target_profit_price ?? '');
  const [stopLoss, setStopLoss] = useState(p.stop_loss_price ?? '');
  const [trail, setTrail] = useState<TrailDraft>(() => trailDraftOf(p));
  const [error, setError] = useState('');
  // A pending open's limit price stands for the current price, as the server checks it.
  const current = p.status === 'pending' ? p.price : (mark ?? p.update_price ?? p.price);
  const save = () => {
    const checked = checkStops(sideOf(p), { takeProfit, stopLoss }, p.price, current, p.liquidation_price);
    if (!checked.ok) return setError(message(checked));
    const trailing = checkTrail(p, trail, current, priceDecimals);
    if (!trailing.ok) return setError(message(trailing));
    setError('');
    const { ok: _ok, ...trailFields } = trailing;
    onSave({ target_profit_price: checked.takeProfit, stop_loss_price: checked.stopLoss, ...trailFields });
  };
  const changed = (set: (v: string) => void) => (v: string) => (set(sanitizeNumber(v)), setError(''));
  return (
    <>
      <h2>
        <Trans>Take-profit and stop-loss</Trans>
      </h2>
      <StopFigures p={p} current={current} priceDecimals={priceDecimals} />
      <div className={styles.form} style={{ padding: 0, marginBottom: 12 }}>
        <PriceField label={t`Take-profit price`} value={takeProfit} onChange={changed(setTakeProfit)} />
        <PriceField label={t`Stop-loss price`} value={stopLoss} onChange={changed(setStopLoss)} />
        <TrailSection
          p={p}
          draft={trail}
          onChange={(d) => (setTrail(d), setError(''))}
          mark={p.status === 'open' ? current : undefined}
          priceDecimals={priceDecimals}
        />
        <span className={styles.hint}>
          <Trans>Leave a field empty to remove it.</Trans>
        </span>
        {error && (
          <div className={fieldStyles.error} role="alert">
            {error}
          </div>
        )}
      </div>
      <div className={confirmStyles.buttons}>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button color="primary" loading={busy} disabled={busy} onClick={save}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </>
  );
}

/** Entry, mark and liquidation price: what the stops are checked against. */
function StopFigures({ p, current, priceDecimals }: { p: Position; current: string; priceDecimals: number }) {
  const price = (v: string) => formatPrice(v, priceDecimals);
  return (
    <dl className={confirmStyles.confirmList}>
      <dt>
        <Trans>Entry price</Trans>
      </dt>
      <dd>{price(p.price)}</dd>
      <dt>
        <Trans>Mark price</Trans>
      </dt>
      <dd>{price(current)}</dd>
      <dt>
        <Trans>Liquidation price</Trans>
      </dt>
      <dd>{price(p.liquidation_price)}</dd>
    </dl>
  );
}

function PriceField(props: { label: string; value: string; onChange: (v: string) => void; disabled?: boolean }) {
  const { t } = useLingui();
  return (
    <label className={styles.field}>
      <span className={fieldStyles.label}>{props.label}</span>
      <div className={fieldStyles.input}>
        <Input
          aria-label={props.label}
          inputMode="decimal"
          placeholder={t`None`}
          value={props.value}
          disabled={props.disabled}
          onChange={props.onChange}
        />
      </div>
    </label>
  );
}

interface TrailSectionProps {
  p: Position;
  draft: TrailDraft;
  onChange: (draft: TrailDraft) => void;
  /** The mark now; undefined for a pending open (it cannot trail yet). */
  mark: string | undefined;
  priceDecimals: number;
}

/** The trailing stop: a percentage or a price distance behind the best mark, and where it stands now. */
function TrailSection({ p, draft, onChange, mark, priceDecimals }: TrailSectionProps) {
  const { t } = useLingui();
  const pending = p.status !== 'open';
  const mode = (m: TrailDraft['mode']) => onChange({ mode: m, value: m === draft.mode ? draft.value : '' });
  const label = draft.mode === 'percent' ? t`Trailing stop (%)` : t`Trailing stop (price distance)`;
  return (
    <div className={styles.field} data-testid="trail-section">
      <div className={fieldStyles.types} role="group" aria-label={t`Trailing stop by`}>
        {(['percent', 'distance'] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={draft.mode === m ? fieldStyles.typeOn : fieldStyles.type}
            aria-pressed={draft.mode === m}
            disabled={pending}
            onClick={() => mode(m)}
          >
            {m === 'percent' ? <Trans>Percent</Trans> : <Trans>Price distance</Trans>}
          </button>
        ))}
      </div>
      <PriceField
        label={label}
        value={draft.value}
        disabled={pending}
        onChange={(v) => onChange({ mode: draft.mode, value: sanitizeNumber(v) })}
      />
      <TrailExplanation p={p} draft={draft} mark={mark} priceDecimals={priceDecimals} />
    </div>
  );
}

/** What the trailing stop does for this side, and the trigger it would have now. */
function TrailExplanation({ p, draft, mark, priceDecimals }: Omit<TrailSectionProps, 'onChange'>) {
  if (p.status !== 'open') {
    return (
      <span className={styles.hint}>
        <Trans>A trailing stop can be set once the position is open.</Trans>
      </span>
    );
  }
  const preview = previewTrail(p, draft, mark, priceDecimals);
  const trigger = preview ? formatPrice(preview.trigger, priceDecimals) : '';
  const best = preview ? formatPrice(preview.best, priceDecimals) : '';
  return (
    <>
      <span className={styles.hint}>
        {p.type === 1 ? (
          <Trans>
            The trigger follows the highest mark price since you set it and never moves down. When the mark falls to it,
            the position closes at the market price.
          </Trans>
        ) : (
          <Trans>
            The trigger follows the lowest mark price since you set it and never moves up. When the mark rises to it,
            the position closes at the market price.
          </Trans>
        )}
      </span>
      {preview && (
        <span className={styles.hint} data-testid="trail-preview">
          <Trans>
            Trigger now: {trigger} (best mark {best})
          </Trans>
        </span>
      )}
    </>
  );
}
