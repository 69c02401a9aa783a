import { pushPrefs, pushPrefsSet, pushPublicKey, pushSubscribe, pushUnsubscribe, type PushPrefs } from '@contract/push';
import type { Locale } from '@contract/domain/locales';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the screen shows its own error state.
const quiet = { silent: true } as const;

export const fetchPublicKey = () => call(pushPublicKey, {}, quiet);
export const fetchPrefs = () => call(pushPrefs, {}, quiet);
export const sendPrefs = (change: Partial<PushPrefs>) => call(pushPrefsSet, change);
export const sendSubscription = (sub: { endpoint: string; p256dh: string; auth: string }, locale: Locale) =>
  call(pushSubscribe, { ...sub, locale }, quiet);
export const sendUnsubscribe = (endpoint: string) => call(pushUnsubscribe, { endpoint }, quiet);
