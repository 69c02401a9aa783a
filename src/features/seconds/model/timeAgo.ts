import { formatTimeAgo } from '@/lib/format';

/**
 * When an order of the history was settled, as the options page words it (SPEC.md section 9):
 * "now" under 5 minutes, minutes under an hour, hours under a day, days under 30 days, then the
 * date. `locale` is a BCP 47 tag.
 */
export function settledAgo(settledAt: number, now: number, locale: string): string {
  return formatTimeAgo(settledAt, now, locale);
}
