import { useState } from 'react';
import { Button, Input, Popup } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Position } from '@contract/futures';
import { formatPrice } from '@/lib/format';
import { useContractMessage } from '@/lib/validation';
import { checkStops } from '../model/form';
import { sanitizeNumber } from '../model/input';
import { sideOf } from '../model/position';
import confirmStyles from '@/components/ConfirmSheet/confirm.module.css';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './futures.module.css';

interface StopSheetProps {
  position: Position | null;
  /** The live mark of its pair (the server's when none is newer). */
  mark: string | undefined;
  priceDecimals: number;
  busy: boolean;
  onSave: (stops: { target_profit_price?: string; stop_loss_price?: string }) => void;
  onClose: () => void;
}

/** Edits a position's take-profit and stop-loss (empty clears one), checked as the server checks them. */
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
  const [error, setError] = useState('');
  // A pending open's limit price stands for the current price, as the server checks it.
  const current = p.status === 'pending' ? p.price : (mark ?? p.update_price ?? p.price);
  const save = () => {
    const checked = checkStops(sideOf(p), { takeProfit, stopLoss }, p.price, current, p.liquidation_price);
    if (!checked.ok) return setError(message(checked));
    setError('');
    onSave({ target_profit_price: checked.takeProfit, stop_loss_price: checked.stopLoss });
  };
  const price = (v: string) => formatPrice(v, priceDecimals);
  return (
    <>
      <h2>
        <Trans>Take-profit and stop-loss</Trans>
      </h2>
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
      <div className={styles.form} style={{ padding: 0, marginBottom: 12 }}>
        <label className={styles.field}>
          <span className={fieldStyles.label}>
            <Trans>Take-profit price</Trans>
          </span>
          <div className={fieldStyles.input}>
            <Input
              aria-label={t`Take-profit price`}
              inputMode="decimal"
              placeholder={t`None`}
              value={takeProfit}
              onChange={(v) => (setTakeProfit(sanitizeNumber(v)), setError(''))}
            />
          </div>
        </label>
        <label className={styles.field}>
          <span className={fieldStyles.label}>
            <Trans>Stop-loss price</Trans>
          </span>
          <div className={fieldStyles.input}>
            <Input
              aria-label={t`Stop-loss price`}
              inputMode="decimal"
              placeholder={t`None`}
              value={stopLoss}
              onChange={(v) => (setStopLoss(sanitizeNumber(v)), setError(''))}
            />
          </div>
        </label>
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
