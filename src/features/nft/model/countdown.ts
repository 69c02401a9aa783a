/** Whole parts of a remaining time, for a live countdown; never negative. */
export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Nothing left. */
  done: boolean;
}

export function remaining(until: number, now: number): Remaining {
  const ms = Math.max(0, until - now);
  const total = Math.ceil(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: ms === 0,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `hh:mm:ss`, with the day count in front when there is one (`2d 03:04:05`); `d` is the localized day mark. */
export function clock(r: Remaining, d: string): string {
  const time = `${two(r.hours)}:${two(r.minutes)}:${two(r.seconds)}`;
  return r.days > 0 ? `${r.days}${d} ${time}` : time;
}
