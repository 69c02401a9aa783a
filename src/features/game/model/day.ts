/** A round's UTC day, e.g. "Mon, Mar 3". */
export const dayLabel = (day: number, bcp47: string) =>
  new Intl.DateTimeFormat(bcp47, { timeZone: 'UTC', month: 'short', day: 'numeric', weekday: 'short' }).format(day);
