import { useState, type ReactNode } from 'react';
import { ActionSheet } from 'antd-mobile';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { Trans, useLingui } from '@lingui/react/macro';
import { FORM_STOP_KINDS, isStopKind, type FormDraft, type FormType } from '../model/conditional';
import { KIND_HINTS, KIND_LABELS } from '../model/conditionalLabels';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './conditional.module.css';

interface DraftProps {
  draft: FormDraft;
  set: (patch: Partial<FormDraft>) => void;
}

/**
 * Buy or sell, then the order type: limit, market, and the three stop kinds behind one "Stop"
 * button whose menu says what each does (five buttons, or the kinds' own names, do not fit beside
 * the book in every language); the chosen kind is named above its explanation. Each change
 * clears the amount.
 */
export function SideAndType({ draft, set }: DraftProps) {
  const { t, i18n } = useLingui();
  const [picking, setPicking] = useState(false);
  const pick = (type: FormType) => set({ type, amount: '' });
  const stop = isStopKind(draft.type) ? draft.type : null;
  const typeButton = (type: 'limit' | 'market', label: ReactNode) => (
    <button
      type="button"
      className={draft.type === type ? fieldStyles.typeOn : fieldStyles.type}
      aria-pressed={draft.type === type}
      onClick={() => pick(type)}
    >
      {label}
    </button>
  );
  return (
    <>
      <div className={fieldStyles.sides} role="group">
        <button
          type="button"
          className={draft.side === 'buy' ? fieldStyles.sideUp : fieldStyles.side}
          aria-pressed={draft.side === 'buy'}
          onClick={() => set({ side: 'buy', amount: '' })}
        >
          <Trans>Buy</Trans>
        </button>
        <button
          type="button"
          className={draft.side === 'sell' ? fieldStyles.sideDown : fieldStyles.side}
          aria-pressed={draft.side === 'sell'}
          onClick={() => set({ side: 'sell', amount: '' })}
        >
          <Trans>Sell</Trans>
        </button>
      </div>
      <div className={`${fieldStyles.types} ${styles.typeRow}`} role="group" aria-label={t`Order type`}>
        {typeButton('limit', <Trans>Limit</Trans>)}
        {typeButton('market', <Trans>Market</Trans>)}
        <button
          type="button"
          className={stop ? fieldStyles.typeOn : fieldStyles.type}
          aria-pressed={stop !== null}
          aria-haspopup="listbox"
          data-testid="stop-type"
          onClick={() => setPicking(true)}
        >
          <Trans>Stop</Trans> <DownFill fontSize={8} aria-hidden />
        </button>
      </div>
      {stop && (
        <p className={styles.hint} data-testid="stop-hint">
          <strong>{i18n._(KIND_LABELS[stop])}</strong> · {i18n._(KIND_HINTS[stop])}
        </p>
      )}
      <ActionSheet
        visible={picking}
        actions={FORM_STOP_KINDS.map((kind) => ({
          key: kind,
          text: i18n._(KIND_LABELS[kind]),
          description: i18n._(KIND_HINTS[kind]),
          bold: kind === stop,
        }))}
        cancelText={t`Cancel`}
        onAction={(a) => pick(a.key as FormType)}
        onClose={() => setPicking(false)}
        closeOnAction
      />
    </>
  );
}
