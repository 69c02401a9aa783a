import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '@contract/domain/locales';
import { fetchPublicKey, sendSubscription, sendUnsubscribe } from '../api/push';
import { base64UrlToBytes, sameKey, subscriptionFields } from '../model/push';

/** What this browser allows: no push at all, or the Notification permission. */
export type PushState = 'unsupported' | NotificationPermission;

export function pushState(): PushState {
  if (typeof window === 'undefined' || !('Notification' in window) || !('PushManager' in window)) return 'unsupported';
  if (!('serviceWorker' in navigator)) return 'unsupported';
  return Notification.permission;
}

/** How long to wait for the worker to be active before subscribing. */
const WORKER_WAIT_MS = 20_000;

/**
 * The app's worker registration once it has an active worker. Never a bare
 * `navigator.serviceWorker.ready`, which does not resolve without a worker (docs/client.md).
 */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) throw new Error('no service worker registered');
  if (registration.active) return registration;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('service worker not active')), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Subscribes this device with the server's VAPID key (a subscription made with another key is
 * replaced) and sends it with the UI language; the server updates a known endpoint, so calling
 * this again is how the language and a renewed subscription reach it.
 */
export async function subscribeDevice(locale: Locale): Promise<void> {
  const registration = await activeRegistration();
  const { public_key } = await fetchPublicKey();
  const key = base64UrlToBytes(public_key);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const fields = subscriptionFields(subscription.toJSON());
  if (!fields) throw new Error('push subscription without keys');
  await sendSubscription(fields, locale);
}

/** Removes this device's subscription from the server (while signed in) and from the browser. */
export async function unsubscribeDevice(): Promise<void> {
  if (pushState() === 'unsupported') return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await sendUnsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
}

/** Whether this browser holds a push subscription for the app. */
export async function hasSubscription(): Promise<boolean> {
  if (pushState() === 'unsupported') return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) != null;
}

/**
 * Asks the browser for permission (only ever from a user's tap on a screen that says why) and
 * subscribes when granted. Resolves with the permission.
 */
export async function enablePush(locale: Locale): Promise<PushState> {
  if (pushState() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await subscribeDevice(locale);
  return permission;
}

/**
 * This device's push state for the settings screen: the permission, whether it is subscribed, and
 * a re-send of the subscription (with the current language) when permission is granted, so a
 * subscription the browser renewed or lost is registered again.
 */
export function usePushDevice(locale: Locale) {
  const [state, setState] = useState<PushState>(pushState);
  const [subscribed, setSubscribed] = useState<boolean | undefined>(undefined);
  const [failed, setFailed] = useState(false);

  const check = useCallback(async () => {
    const now = pushState();
    setState(now);
    if (now !== 'granted') {
      setSubscribed(await hasSubscription());
      return;
    }
    try {
      await subscribeDevice(locale);
      setSubscribed(true);
      setFailed(false);
    } catch (error) {
      console.warn('push: could not renew the subscription', error);
      setSubscribed(await hasSubscription());
      setFailed(true);
    }
  }, [locale]);

  useEffect(() => {
    // Started after this render's effects: the state it sets arrives with the answer.
    void Promise.resolve().then(check);
  }, [check]);

  return { state, subscribed, failed, check, setState, setSubscribed, setFailed };
}
