/** `YYYY-MM-DDTHH:mm` in local time, as a `datetime-local` input shows it. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Epoch ms of a `datetime-local` value, or undefined when empty or malformed. */
export function fromLocalInput(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

/** The form's first times: starting at the next whole 5 minutes, running one day. */
export function defaultWindow(now: number): { start: number; end: number } {
  const step = 5 * 60_000;
  const start = Math.ceil((now + 60_000) / step) * step;
  return { start, end: start + 86_400_000 };
}
