import { useSyncExternalStore } from 'react';
import type { DepthEvent, KlineEvent, Period, TickerEvent, TradeEvent } from '@contract/market-events';
import type { AccountEvent, ClosedMicroorderEvent, OrderEvent } from '@contract/user-events';
import type { LeverTradeEvent } from '@contract/user-events';
import type { ChatEvent, SupportEvent } from '@contract/support-events';
import { afterFirstScreen } from './after-first-screen';
import type { Listener, Topic } from './topics';

export type { Topic, Listener } from './topics';
export { afterFirstScreen } from './after-first-screen';

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
 * Listens to the signed-in user's private events (an admin decided on their identity, recharge
 * or withdrawal); returns the unsubscribe function. Loads the live connection like `subscribe`.
 */
export function onAccountEvent(token: string, listener: (event: AccountEvent) => void): () => void {
  let off: (() => void) | null = null;
  let cancelled = false;
  loadPrivateHub()
    .then((h) => {
      if (!cancelled) off = h.onAccount(token, listener);
    })
    .catch((error: unknown) => console.warn('live account events unavailable', error));
  return () => {
    cancelled = true;
    off?.();
  };
}

/** Listens to the signed-in user's order updates; returns the unsubscribe function. */
export function onOrderEvent(token: string, listener: (event: OrderEvent) => void): () => void {
  let off: (() => void) | null = null;
  let cancelled = false;
  loadPrivateHub()
    .then((h) => {
      if (!cancelled) off = h.onOrder(token, listener);
    })
    .catch((error: unknown) => console.warn('live order events unavailable', error));
  return () => {
    cancelled = true;
    off?.();
  };
}

/** Listens to the signed-in user's settled seconds contracts; returns the unsubscribe function. */
export function onMicroOrderEvent(token: string, listener: (event: ClosedMicroorderEvent) => void): () => void {
  let off: (() => void) | null = null;
  let cancelled = false;
  loadPrivateHub()
    .then((h) => {
      if (!cancelled) off = h.onMicroOrder(token, listener);
    })
    .catch((error: unknown) => console.warn('live seconds-contract events unavailable', error));
  return () => {
    cancelled = true;
    off?.();
  };
}

/** Listens to the signed-in user's futures changes (`lever_trade`); returns the unsubscribe function. */
export function onLeverEvent(token: string, listener: (event: LeverTradeEvent) => void): () => void {
  let off: (() => void) | null = null;
  let cancelled = false;
  loadPrivateHub()
    .then((h) => {
      if (!cancelled) off = h.onLever(token, listener);
    })
    .catch((error: unknown) => console.warn('live futures events unavailable', error));
  return () => {
    cancelled = true;
    off?.();
  };
}

/**
 * Listens to customer-service events: the session's own conversation, or with `staff` every
 * conversation (support and admin only). Returns the unsubscribe function.
 */
export function onSupportEvent(token: string, listener: (event: SupportEvent) => void, staff = false): () => void {
  let off: (() => void) | null = null;
  let cancelled = false;
  loadPrivateHub()
    .then((h) => {
      if (!cancelled) off = h.onSupport(token, listener, staff);
    })
    .catch((error: unknown) => console.warn('live customer-service events unavailable', error));
  return () => {
    cancelled = true;
    off?.();
  };
}

/** Listens to the chat room's new and deleted messages; returns the unsubscribe function. */
export function onChatEvent(token: string, listener: (event: ChatEvent) => void): () => void {
  let off: (() => void) | null = null;
  let cancelled = false;
  loadPrivateHub()
    .then((h) => {
      if (!cancelled) off = h.onChat(token, listener);
    })
    .catch((error: unknown) => console.warn('live chat unavailable', error));
  return () => {
    cancelled = true;
    off?.();
  };
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
