import { Input } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { FOLLOW_TYPES, type FollowType } from '@contract/copytrade';
import fields from '@/components/OrderFields/OrderFields.module.css';
import type { FollowDraft } from '../model/form';
import styles from './copytrade.module.css';

interface FollowSizeFieldsProps {
  draft: FollowDraft;
  set: (patch: Partial<FollowDraft>) => void;
}

/** How copies are sized (a multiple of the trader's lots, or fixed lots), the number, and the optional amount cap. */
export function FollowSizeFields({ draft, set }: FollowSizeFieldsProps) {
  const { t } = useLingui();
  const typeButton = (type: FollowType, label: string) => (
    <button
      type="button"
      aria-pressed={draft.type === type}
      className={draft.type === type ? styles.typeButtonOn : styles.typeButton}
      onClick={() => set({ type, number: '1' })}
    >
      {label}
    </button>
  );
  const multiple = draft.type === FOLLOW_TYPES.multiple;
  return (
    <>
      <div className={styles.typeSwitch} role="group" aria-label={t`Copy type`}>
        {typeButton(FOLLOW_TYPES.multiple, t`Fixed multiple`)}
        {typeButton(FOLLOW_TYPES.lots, t`Fixed lots`)}
      </div>
      <label className={fields.label} htmlFor="follow-number">
        {multiple ? (
          <Trans>Multiple of the trader's lots (0.01 to 100)</Trans>
        ) : (
          <Trans>Lots per copy (1 to 10,000)</Trans>
        )}
      </label>
      <div className={fields.input}>
        <Input
          id="follow-number"
          aria-label={multiple ? t`Multiple` : t`Lots per copy`}
          inputMode={multiple ? 'decimal' : 'numeric'}
          value={draft.number}
          onChange={(v) =>
            set({ number: multiple ? v.replace(/[^\d.]/g, '').slice(0, 12) : v.replace(/\D/g, '').slice(0, 5) })
          }
        />
        <span className={fields.unit}>{multiple ? '×' : t`lots`}</span>
      </div>
      <label className={fields.label} htmlFor="follow-cap">
        <Trans>Amount cap: most margin in this follow's open copies (optional)</Trans>
      </label>
      <div className={fields.input}>
        <Input
          id="follow-cap"
          aria-label={t`Amount cap`}
          inputMode="decimal"
          placeholder={t`No cap`}
          value={draft.maxAmount}
          onChange={(v) => set({ maxAmount: v.replace(/[^\d.]/g, '').slice(0, 20) })}
        />
        <span className={fields.unit}>USDT</span>
      </div>
    </>
  );
}
