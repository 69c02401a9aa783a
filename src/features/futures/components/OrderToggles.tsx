import { Trans } from '@lingui/react/macro';
import type { LeverDraft } from '../model/form';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './futures.module.css';

interface DraftProps {
  draft: LeverDraft;
  set: (patch: Partial<LeverDraft>) => void;
}

/** Long or short, then market or limit. */
export function SideAndType({ draft, set }: DraftProps) {
  return (
    <>
      <div className={fieldStyles.sides} role="group">
        <button
          type="button"
          className={draft.side === 'long' ? fieldStyles.sideUp : fieldStyles.side}
          aria-pressed={draft.side === 'long'}
          onClick={() => set({ side: 'long' })}
        >
          <Trans>Long</Trans>
        </button>
        <button
          type="button"
          className={draft.side === 'short' ? fieldStyles.sideDown : fieldStyles.side}
          aria-pressed={draft.side === 'short'}
          onClick={() => set({ side: 'short' })}
        >
          <Trans>Short</Trans>
        </button>
      </div>
      <div className={fieldStyles.types} role="group">
        <button
          type="button"
          className={draft.type === 'market' ? fieldStyles.typeOn : fieldStyles.type}
          aria-pressed={draft.type === 'market'}
          onClick={() => set({ type: 'market' })}
        >
          <Trans>Market</Trans>
        </button>
        <button
          type="button"
          className={draft.type === 'limit' ? fieldStyles.typeOn : fieldStyles.type}
          aria-pressed={draft.type === 'limit'}
          onClick={() => set({ type: 'limit' })}
        >
          <Trans>Limit</Trans>
        </button>
      </div>
    </>
  );
}

/** The leverage multiples the contract offers, one pressed. */
export function LeveragePicker({ draft, set, multiples }: DraftProps & { multiples: readonly number[] }) {
  return (
    <>
      <span className={fieldStyles.label} id="leverage-label">
        <Trans>Leverage</Trans>
      </span>
      <div className={styles.multiples} role="group" aria-labelledby="leverage-label">
        {multiples.map((m) => (
          <button
            type="button"
            key={m}
            className={draft.multiple === m ? styles.multipleOn : styles.multiple}
            aria-pressed={draft.multiple === m}
            onClick={() => set({ multiple: m })}
          >
            {m}x
          </button>
        ))}
      </div>
    </>
  );
}
