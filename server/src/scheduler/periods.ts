/** How often a job runs; periods are aligned to UTC (epoch time has no daylight saving). */
export type Every = 'minute' | 'hour' | 'day';

/** A period `[start, end)`. */
export interface Period {
  start: Date;
  end: Date;
}

export const PERIOD_MS: Readonly<Record<Every, number>> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

/** The last period that has finished by `now` (it ends at or before `now`). */
export function lastFinished(every: Every, now: Date): Period {
  const len = PERIOD_MS[every];
  const end = Math.floor(now.getTime() / len) * len;
  return { start: new Date(end - len), end: new Date(end) };
}

/**
 * The finished periods still to run after the one that started at `lastStart` (none recorded:
 * only the latest finished one, a new job has no history to make up). `each` lists every missed
 * period oldest first, at most `max` of them (the rest follow on the next pass); `latest` only the
 * most recent.
 */
export function periodsToRun(
  every: Every,
  now: Date,
  lastStart: Date | null,
  catchUp: 'each' | 'latest',
  max: number,
): Period[] {
  const len = PERIOD_MS[every];
  const latest = lastFinished(every, now);
  if (lastStart && lastStart.getTime() >= latest.start.getTime()) return [];
  if (!lastStart || catchUp === 'latest') return [latest];
  const periods: Period[] = [];
  for (let t = lastStart.getTime() + len; t <= latest.start.getTime() && periods.length < max; t += len) {
    periods.push({ start: new Date(t), end: new Date(t + len) });
  }
  return periods;
}
