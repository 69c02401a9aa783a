const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Thresholds of the options page's "time ago" labels (SPEC.md section 9). */
export const TIME_AGO_THRESHOLDS = { justNow: 5 * MINUTE, minutes: HOUR, hours: DAY, days: 30 * DAY } as const;

/**
 * "Just now" under 5 minutes, then minutes under an hour, hours under a day, days under 30 days,
 * and the calendar date beyond. `locale` is a BCP 47 tag.
 */
export function formatTimeAgo(time: number, now: number, locale: string): string {
  const elapsed = Math.max(0, now - time);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (elapsed < TIME_AGO_THRESHOLDS.justNow) return rtf.format(0, 'second');
  if (elapsed < TIME_AGO_THRESHOLDS.minutes) return rtf.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < TIME_AGO_THRESHOLDS.hours) return rtf.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < TIME_AGO_THRESHOLDS.days) return rtf.format(-Math.floor(elapsed / DAY), 'day');
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(time);
}

/** Date and time in the user's language, for "as of" labels and records. */
export function formatDateTime(time: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(time);
}
