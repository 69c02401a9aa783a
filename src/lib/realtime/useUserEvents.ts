import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '../state';

/** One of the `on*Event` listeners of this module: signs in with the token, returns the unsubscribe. */
export type UserEventSource<E> = (token: string, listener: (event: E) => void) => () => void;

/**
 * Calls `fn` on each of the signed-in user's events from `source` (onOrderEvent, onLeverEvent,
 * ...). Listens while a session token is held and moves to a new token; the latest `fn` is
 * called, so a caller's inline function does not resubscribe on every render.
 */
export function useUserEvents<E>(source: UserEventSource<E>, fn: (event: E) => void) {
  const token = useAtomValue(tokenAtom);
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => {
    if (!token) return;
    return source(token, (e) => ref.current(e));
  }, [source, token]);
}
