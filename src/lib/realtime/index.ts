import { useSyncExternalStore } from 'react';
import type { DepthEvent, KlineEvent, Period, TickerEvent, TradeEvent } from '@contract/market-events';
import type { AccountEvent, ClosedMicroorderEvent, OrderEvent } from '@contract/user-events';
import type { LeverTradeEvent } from '@contract/user-events';
import type { ChatEvent, SupportEvent } from '@contract/support-events';
import { afterFirstScreen } from './after-first-screen';
import type { Listener, Topic } from './topics';

export type { Topic, Listener } from './topics';
export { afterFirstScreen } from './after-first-screen';
export { useUserEvents, type UserEventSource } from './useUserEvents';

export type RealtimeStatus = 'idle' | 'connecting' | 'live' | 'offline';

let status: RealtimeStatus = 'idle';
const statusListeners = new Set<() => void>();

function setStatus(next: RealtimeStatus) {
  if (next === status) return;
  status = next;
  for (const l of statusListeners) l();
}

type Hub = ReturnType<typeof import('./hub').createHub>;
let hub: Promise<Hub> | null = null;

/**
 * socket.io-client and the subscription registry load with the first subscription, and never
 * before the page has loaded and gone idle: home draws its quotes from HTTP (or its stored copy)
 * first and turns live a moment later, so the live connection is not part of the first route.
 */
function loadHub(): Promise<Hub> {
  hub ??= afterFirstScreen()
    .then(() => import('./hub'))
    .then(({ createHub }) => createHub(setStatus));
  hub.catch(() => {
    // The chunk could not load (offline before it was cached): try again on the next subscribe.
    hub = null;
    setStatus('offline');
  });
  return hub;
}

/**
 * Listens to one live stream of one pair; returns the unsubscribe function. Calls are applied
 * in order once the hub has loaded, so a quick subscribe/unsubscribe pair leaves nothing behind.
 */
export function subscribe(topic: Topic, listener: Listener): () => void {
  let off: (() => void) | null = null;
  let cancelled = false;
  loadHub()
    .then((h) => {
      if (!cancelled) off = h.subscribe(topic, listener);
    })
    .catch((error: unknown) => console.warn('live data unavailable', error));
  return () => {
    cancelled = true;
    off?.();
  };
}

export const onTicker = (symbol: string, fn: (e: TickerEvent) => void) =>
  subscribe({ symbol, stream: 'daymarket' }, fn as Listener);
export const onKline = (symbol: string, period: Period, fn: (e: KlineEvent) => void) =>
  subscribe({ symbol, stream: 'kline', period }, fn as Listener);
export const onDepth = (symbol: string, fn: (e: DepthEvent) => void) =>
  subscribe({ symbol, stream: 'market_depth' }, fn as Listener);
export const onTrade = (symbol: string, fn: (e: TradeEvent) => void) =>
  subscribe({ symbol, stream: 'match_trade' }, fn as Listener);

let privateParser: Promise<void> | null = null;

/** The hub with private events enabled: their schemas (zod) load with the first private listener. */
function loadPrivateHub(): Promise<Hub> {
  privateParser ??= Promise.all([loadHub(), import('./private-events')]).then(([h, { parsePrivateEvent }]) =>
    h.acceptPrivate(parsePrivateEvent),
  );
  privateParser.catch(() => {
    privateParser = null;
  });
  return privateParser.then(loadHub);
}

/**
 * Attaches one private listener once the private hub has loaded; returns the unsubscribe
 * function, which also works before the hub has loaded (nothing is attached then).
 */
function onPrivate(attach: (h: Hub) => () => void, unavailable: string): () => void {
  let off: (() => void) | null = null;
  let cancelled = false;
  loadPrivateHub()
    .then((h) => {
      if (!cancelled) off = attach(h);
    })
    .catch((error: unknown) => console.warn(unavailable, error));
  return () => {
    cancelled = true;
    off?.();
  };
}

/**
 * Listens to the signed-in user's private events (an admin decided on their identity, recharge
 * or withdrawal); returns the unsubscribe function. Loads the live connection like `subscribe`.
 */
export function onAccountEvent(token: string, listener: (event: AccountEvent) => void): () => void {
  return onPrivate((h) => h.onAccount(token, listener), 'live account events unavailable');
}

/** Listens to the signed-in user's order updates; returns the unsubscribe function. */
export function onOrderEvent(token: string, listener: (event: OrderEvent) => void): () => void {
  return onPrivate((h) => h.onOrder(token, listener), 'live order events unavailable');
}

/** Listens to the signed-in user's settled seconds contracts; returns the unsubscribe function. */
export function onMicroOrderEvent(token: string, listener: (event: ClosedMicroorderEvent) => void): () => void {
  return onPrivate((h) => h.onMicroOrder(token, listener), 'live seconds-contract events unavailable');
}

/** Listens to the signed-in user's futures changes (`lever_trade`); returns the unsubscribe function. */
export function onLeverEvent(token: string, listener: (event: LeverTradeEvent) => void): () => void {
  return onPrivate((h) => h.onLever(token, listener), 'live futures events unavailable');
}

/**
 * Listens to customer-service events: the session's own conversation, or with `staff` every
 * conversation (support and admin only). Returns the unsubscribe function.
 */
export function onSupportEvent(token: string, listener: (event: SupportEvent) => void, staff = false): () => void {
  return onPrivate((h) => h.onSupport(token, listener, staff), 'live customer-service events unavailable');
}

/** Listens to the chat room's new and deleted messages; returns the unsubscribe function. */
export function onChatEvent(token: string, listener: (event: ChatEvent) => void): () => void {
  return onPrivate((h) => h.onChat(token, listener), 'live chat unavailable');
}

function subscribeStatus(fn: () => void) {
  statusListeners.add(fn);
  return () => void statusListeners.delete(fn);
}

/** Whether live data is flowing; screens show an "as of" time when it is not. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    subscribeStatus,
    () => status,
    () => 'idle',
  );
}
