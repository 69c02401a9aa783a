import { Input } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { plainNumber } from '@/lib/format';
import type { LeverDraft } from '../model/form';
import { sanitizeNumber } from '../model/input';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './futures.module.css';

interface DraftProps {
  draft: LeverDraft;
  set: (patch: Partial<LeverDraft>) => void;
}

/** The limit price (or "market price") beside the number of lots, and what the lots come to. */
export function PriceAndLots({
  draft,
  set,
  quote,
  last,
  priceDecimals,
  quantity,
  lot,
}: DraftProps & { quote: string; last: string | undefined; priceDecimals: number; quantity: string; lot: string }) {
  const { t } = useLingui();
  return (
    <>
      <div className={styles.row2}>
        <label className={styles.field}>
          <span className={fieldStyles.label}>
            <Trans>Price ({quote})</Trans>
          </span>
          {draft.type === 'limit' ? (
            <div className={fieldStyles.input}>
              <Input
                aria-label={t`Limit price`}
                inputMode="decimal"
                placeholder={last ? plainNumber(last, priceDecimals) : ''}
                value={draft.price}
                onChange={(v) => set({ price: sanitizeNumber(v) })}
              />
            </div>
          ) : (
            <div className={fieldStyles.marketPrice}>
              <Trans>Market price</Trans>
            </div>
          )}
        </label>
        <label className={styles.field}>
          <span className={fieldStyles.label}>
            <Trans>Lots</Trans>
          </span>
          <div className={fieldStyles.input}>
            <Input
              aria-label={t`Lots`}
              inputMode="numeric"
              placeholder={t`Lots`}
              value={draft.lots}
              onChange={(v) => set({ lots: v.replace(/\D/g, '').slice(0, 9) })}
            />
          </div>
        </label>
      </div>
      {lot && (
        <span className={styles.hint} data-testid="quantity">
          {quantity ? t`Quantity: ${quantity} (1 lot = ${lot})` : t`1 lot = ${lot}`}
        </span>
      )}
    </>
  );
}

/** Optional take-profit and stop-loss prices. */
export function StopPrices({ draft, set, quote }: DraftProps & { quote: string }) {
  const { t } = useLingui();
  return (
    <div className={styles.row2}>
      <label className={styles.field}>
        <span className={fieldStyles.label}>
          <Trans>Take-profit (optional)</Trans>
        </span>
        <div className={fieldStyles.input}>
          <Input
            aria-label={t`Take-profit price`}
            inputMode="decimal"
            placeholder={quote}
            value={draft.takeProfit}
            onChange={(v) => set({ takeProfit: sanitizeNumber(v) })}
          />
        </div>
      </label>
      <label className={styles.field}>
        <span className={fieldStyles.label}>
          <Trans>Stop-loss (optional)</Trans>
        </span>
        <div className={fieldStyles.input}>
          <Input
            aria-label={t`Stop-loss price`}
            inputMode="decimal"
            placeholder={quote}
            value={draft.stopLoss}
            onChange={(v) => set({ stopLoss: sanitizeNumber(v) })}
          />
        </div>
      </label>
    </div>
  );
}
