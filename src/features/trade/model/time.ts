import { activeBcp47 } from '@/lib/i18n';

/** A trade's time of day in the user's locale and time zone ("14:03:27"). */
export function formatTime(ts: number): string {
  return new Intl.DateTimeFormat(activeBcp47(), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ts);
}

/** The user's IANA time zone, sent with an order so "opens at …" is in their time. */
export function userTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
