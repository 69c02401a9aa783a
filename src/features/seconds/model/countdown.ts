/**
 * The time left on a holding order: the server says how many milliseconds remained when it
 * answered (`remaining_ms`), the screen counts down from the moment that answer arrived with its
 * own clock, so a phone whose clock is off still shows the server's countdown.
 */
export interface Countdown {
  /** Milliseconds left when the server answered. */
  remainingMs: number;
  /** The screen's clock (epoch ms) when the answer arrived. */
  receivedAt: number;
}

/** Milliseconds still left at `now` (the screen's clock); never below zero. */
export function remainingAt(c: Countdown, now: number): number {
  return Math.max(0, c.remainingMs - Math.max(0, now - c.receivedAt));
}

/** "0:27", "4:05", "1:00:00": whole seconds left, rounded up so 0:00 shows only at expiry. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The share of the duration already elapsed (0 … 1), for the progress ring. */
export function elapsedShare(remainingMs: number, seconds: number): number {
  if (seconds <= 0) return 1;
  return Math.min(1, Math.max(0, 1 - remainingMs / (seconds * 1000)));
}
