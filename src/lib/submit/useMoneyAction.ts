import { Toast } from 'antd-mobile';
import { requireLogin, type ApiError } from '@/lib/http';
import { mayHaveArrived, useIdempotencyKey, type IdempotencyKey } from '@/lib/idempotency';
import { useSubmit } from './useSubmit';

// Kept out of ./index: antd-mobile's Toast brings an animation library that the first screen,
// which imports ./index, does without.

export interface MoneyActionOptions {
  /** Names the action in the log when something unexpected fails. */
  name: string;
  /** Shown instead of sending while offline. */
  offlineMessage: string;
  /** Whether a signed-out user is sent to log in first (default true). */
  login?: boolean;
  /** Runs after the server refused the action (its message already shown), e.g. to requote. */
  onRefused?: (error: ApiError) => void;
}

/**
 * The body of a money action, apart from React: checks login and the connection, sends with the
 * action's key, renews the key once the server has answered, then runs `done`.
 */
export function moneyAction<A extends unknown[], R>(
  idem: IdempotencyKey,
  send: (key: string, ...args: A) => Promise<R>,
  done: (result: R, args: NoInfer<A>) => unknown,
  options: MoneyActionOptions,
) {
  return async (...args: A): Promise<void> => {
    if ((options.login ?? true) && !requireLogin()) return;
    if (!navigator.onLine) {
      Toast.show({ content: options.offlineMessage });
      return;
    }
    const result = await send(idem.current(), ...args);
    idem.renew();
    await done(result, args);
  };
}

/** After a shown API error: a refusal ends the action (new key), a lost answer keeps the key. */
export const renewUnlessMayHaveArrived = (idem: IdempotencyKey) => (error: ApiError) => {
  if (!mayHaveArrived(error)) idem.renew();
};

/**
 * A submit that moves money (an order, a close, a purchase), online only: a queued one would go
 * at a price or terms the user never saw. It carries an idempotency key that a retry after a lost
 * answer reuses, so the server applies it once; any answer starts the next action with a new key.
 * `send` gets the key (append an id to it where one hook acts on several things); `done` gets the
 * reply and the submit's arguments. Returns `useSubmit`'s `{ submit, busy }`.
 */
export function useMoneyAction<A extends unknown[], R>(
  send: (key: string, ...args: A) => Promise<R>,
  done: (result: R, args: NoInfer<A>) => unknown,
  options: MoneyActionOptions,
) {
  const idem = useIdempotencyKey();
  return useSubmit(moneyAction(idem, send, done, options), {
    name: options.name,
    onApiError: (error) => {
      renewUnlessMayHaveArrived(idem)(error);
      if (!mayHaveArrived(error)) options.onRefused?.(error);
    },
  });
}
