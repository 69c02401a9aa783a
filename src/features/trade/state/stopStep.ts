import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useContractMessage } from '@/lib/validation';
import { stopPreview, type FormDraft, type StopPreview } from '../model/conditional';
import { namingStopLeg, OCO_STOP_PRICE, stopProblemMessage } from '../model/conditionalLabels';
import type { FormRules } from '../model/form';
import { checkStop, type CheckedStop } from '../model/stopCheck';
import { usePlaceConditional } from './conditional';

interface StopContext {
  rules: FormRules;
  /** Spendable: the settlement currency for a buy, the base for a sell. */
  available: string;
  /** The book's last trade (what the server compares a trigger with), else undefined. */
  lastTrade: string | undefined;
  /** Where a trailing stop's preview starts: the last trade, else the last price. */
  reference: string | undefined;
  /** The currency named in balance messages. */
  currency: string;
}

/**
 * A stop order from the form to the server: checked in the contract's rules (the first problem is
 * the form's error), then shown in its confirmation with the preview, then placed with an
 * idempotency key; `onPlaced` clears the amount and refreshes the lists and balances.
 */
export function useStopStep(
  pair: { currency_id: number; legal_id: number } | null,
  setError: (message: string) => void,
  onPlaced: () => void,
) {
  const { i18n } = useLingui();
  const message = useContractMessage();
  const [pending, setPending] = useState<{ order: CheckedStop; preview: StopPreview | null } | null>(null);
  const place = usePlaceConditional(pair ?? { currency_id: 0, legal_id: 0 }, () => {
    setPending(null);
    onPlaced();
  });
  const propose = (draft: FormDraft, c: StopContext) => {
    const checked = checkStop(draft, c.rules, c.available, c.lastTrade);
    if (!checked.ok) {
      const m = stopProblemMessage(checked, c.currency);
      if (!('key' in m)) return setError(i18n._(m.descriptor));
      return setError(message(draft.type === 'oco' ? namingStopLeg(m, i18n._(OCO_STOP_PRICE)) : m));
    }
    setError('');
    setPending({ order: checked.order, preview: stopPreview(draft, c.rules.tick_size, c.reference) });
  };
  return {
    pending,
    busy: place.busy,
    propose,
    close: () => setPending(null),
    confirm: () => {
      if (pending) void place.submit(pending.order);
    },
  };
}
