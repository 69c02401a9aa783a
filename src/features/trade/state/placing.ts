import { useState } from 'react';
import { useAtom } from 'jotai';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { confirmOrdersAtom } from '@/lib/state';
import { useContractMessage, type ContractMessage } from '@/lib/validation';
import { isStopKind, plainDraft, type FormDraft } from '../model/conditional';
import { checkOrder, type CheckedOrder, type FormRules } from '../model/form';
import { problemMessage } from '../model/labels';
import { userTimeZone } from '../model/time';
import { useCancelOrder, usePlaceOrder } from './actions';
import { useOrderEvents } from './orders';
import { useSlippage } from './slippage';
import { useStopStep } from './stopStep';

/** Why a market order cannot go now: the session is closed, or the price is not updating. */
function marketRefusal(
  session: { open: boolean; opens_at?: number | null } | undefined,
  stale: boolean,
): ContractMessage | null {
  if (session && !session.open) {
    const opensAt = session.opens_at ? formatDateTime(session.opens_at, activeBcp47()) : '--';
    return { key: 'market_closed', values: { opens_at: opensAt } };
  }
  return stale ? { key: 'price_stale', values: {} } : null;
}

/** Placing and cancelling on this pair; each change (and each live event of this pair) runs `refresh`. */
function useOrderActions(symbol: string, refresh: () => void, onPlaced: () => void) {
  useOrderEvents((e) => {
    if (e.symbol === symbol) refresh();
  });
  const place = usePlaceOrder(() => {
    onPlaced();
    refresh();
  });
  const cancel = useCancelOrder(refresh);
  /**
   * Sends the order with the user's time zone, so a refusal's "opens at" is in their time, and a
   * market order with its slippage limit (percent), which the server enforces on its book.
   */
  const placeOn = (pair: { currency_id: number; legal_id: number }, order: CheckedOrder, maxSlippage: string) => {
    const tz = userTimeZone();
    void place.submit({
      currency_id: pair.currency_id,
      legal_id: pair.legal_id,
      ...order,
      ...(tz ? { tz } : {}),
      ...(order.type === 'market' ? { max_slippage: maxSlippage } : {}),
    });
  };
  return { place, placeOn, cancel };
}

/** The confirmation step the user can turn off: a checked order is sent at once, or shown first. */
function useConfirmStep() {
  const [confirmOrders, setConfirmOrders] = useAtom(confirmOrdersAtom);
  const [pending, setPending] = useState<CheckedOrder | null>(null);
  return {
    pending,
    close: () => setPending(null),
    propose: (order: CheckedOrder, send: (order: CheckedOrder) => void) => {
      if (confirmOrders) setPending(order);
      else send(order);
    },
    confirm: (skip: boolean, send: (order: CheckedOrder) => void) => {
      if (skip) setConfirmOrders(false);
      const order = pending;
      setPending(null);
      if (order) send(order);
    },
  };
}

/** What the form's submit checks a draft against, besides the draft. */
export interface SubmitContext {
  rules: FormRules;
  /** Spendable: the settlement currency for a buy, the base for a sell. */
  available: string;
  /** The last price shown, and the book's own last trade (what a stop's trigger is compared with). */
  last: string | undefined;
  lastTrade: string | undefined;
  /** The currency balance messages name. */
  currency: string;
  session: { open: boolean; opens_at?: number | null } | undefined;
  stale: boolean;
}

/**
 * Everything between the form and the server on one pair: a plain order is checked, refused when
 * a market order cannot go now, then confirmed (unless turned off) and sent with its slippage
 * limit; a stop order goes through its own check and confirmation (`useStopStep`). `refresh`
 * runs after each change and on each live order event of the pair.
 */
export function usePlacing(
  symbol: string,
  pair: { currency_id: number; legal_id: number } | null,
  form: { setError: (message: string) => void; clearAmount: () => void },
  refresh: () => void,
) {
  const message = useContractMessage();
  const step = useConfirmStep();
  const slippage = useSlippage();
  const { place, placeOn, cancel } = useOrderActions(symbol, refresh, form.clearAmount);
  const stops = useStopStep(pair, form.setError, () => (form.clearAmount(), refresh()));
  const send = (order: CheckedOrder) => pair && placeOn(pair, order, slippage.sent);
  const submit = (draft: FormDraft, c: SubmitContext) => {
    if (isStopKind(draft.type)) {
      const { rules, available, lastTrade, currency } = c;
      return stops.propose(draft, { rules, available, lastTrade, reference: lastTrade ?? c.last, currency });
    }
    const checked = checkOrder(plainDraft(draft), c.rules, c.available);
    if (!checked.ok) return form.setError(message(problemMessage(checked, c.currency)));
    const refusal = checked.order.type === 'market' ? marketRefusal(c.session, c.stale) : null;
    if (refusal) return form.setError(message(refusal));
    form.setError('');
    step.propose(checked.order, send);
  };
  return { step, slippage, stops, cancel, send, submit, busy: place.busy || stops.busy };
}
