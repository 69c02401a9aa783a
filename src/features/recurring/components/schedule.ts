import { useLingui } from '@lingui/react/macro';
import { nextRunAfter, type Schedule } from '@contract/recurring';
import { activeBcp47 } from '@/lib/i18n';

/**
 * A schedule in words and in the user's own time: the weekday or day of month of its next run as
 * the local calendar shows it, at the local time of that run ("Every Tuesday at 07:00").
 */
export function useScheduleText() {
  const { t } = useLingui();
  return (s: Schedule, now = Date.now()): string => {
    const locale = activeBcp47();
    const next = nextRunAfter(s, now);
    const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(next);
    if (s.period === 'daily') return t`Every day at ${time}`;
    if (s.period === 'weekly') {
      const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(next);
      return t`Every ${weekday} at ${time}`;
    }
    const day = new Date(next).getDate();
    return t`Every month on day ${day} at ${time}`;
  };
}
