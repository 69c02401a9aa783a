import { Trans } from '@lingui/react/macro';
import type { OrderDraft } from '../model/form';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';

interface DraftProps {
  draft: OrderDraft;
  set: (patch: Partial<OrderDraft>) => void;
}

/** Buy or sell, then limit or market; each change clears the amount. */
export function SideAndType({ draft, set }: DraftProps) {
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
      <div className={fieldStyles.types} role="group">
        <button
          type="button"
          className={draft.type === 'limit' ? fieldStyles.typeOn : fieldStyles.type}
          aria-pressed={draft.type === 'limit'}
          onClick={() => set({ type: 'limit', amount: '' })}
        >
          <Trans>Limit</Trans>
        </button>
        <button
          type="button"
          className={draft.type === 'market' ? fieldStyles.typeOn : fieldStyles.type}
          aria-pressed={draft.type === 'market'}
          onClick={() => set({ type: 'market', amount: '' })}
        >
          <Trans>Market</Trans>
        </button>
      </div>
    </>
  );
}
