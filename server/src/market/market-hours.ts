import type { Instrument } from './catalog';

/**
 * The NYSE regular session (09:30-16:00 America/New_York, Monday to Friday, without exchange
 * holidays) for the catalogue's US stocks; crypto pairs trade around the clock. Daylight saving
 * comes from the runtime's time zone data (Intl), so no offsets are written here.
 */

const EXCHANGE_TZ = 'America/New_York';
const OPEN_MINUTE = 9 * 60 + 30;
const CLOSE_MINUTE = 16 * 60;
const EARLY_CLOSE_MINUTE = 13 * 60;
/** The longest run of closed days (a weekend with holidays either side) is far below this. */
const MAX_DAYS_AHEAD = 15;

/**
 * NYSE holidays and early closes (13:00), from the exchange's published calendar
 * (https://www.nyse.com/markets/hours-calendars, "Holidays & Trading Hours" 2026 and 2027).
 * Years outside the list close on weekends only; extend the list when the exchange publishes them.
 */
export const NYSE_HOLIDAYS: ReadonlySet<string> = new Set([
  // 2026
  '2026-01-01', // New Year's Day
  '2026-01-19', // Martin Luther King, Jr. Day
  '2026-02-16', // Washington's Birthday (Presidents' Day)
  '2026-04-03', // Good Friday
  '2026-05-25', // Memorial Day
  '2026-06-19', // Juneteenth National Independence Day
  '2026-07-03', // Independence Day (observed; July 4 is a Saturday)
  '2026-09-07', // Labor Day
  '2026-11-26', // Thanksgiving Day
  '2026-12-25', // Christmas Day
  // 2027
  '2027-01-01', // New Year's Day
  '2027-01-18', // Martin Luther King, Jr. Day
  '2027-02-15', // Washington's Birthday (Presidents' Day)
  '2027-03-26', // Good Friday
  '2027-05-31', // Memorial Day
  '2027-06-18', // Juneteenth (observed; June 19 is a Saturday)
  '2027-07-05', // Independence Day (observed; July 4 is a Sunday)
  '2027-09-06', // Labor Day
  '2027-11-25', // Thanksgiving Day
  '2027-12-24', // Christmas Day (observed; December 25 is a Saturday)
]);

export const NYSE_EARLY_CLOSES: ReadonlySet<string> = new Set([
  '2026-11-27', // Day after Thanksgiving
  '2026-12-24', // Christmas Eve
  '2027-11-26', // Day after Thanksgiving
]);

export interface MarketSession {
  open: boolean;
  /** When a closed market opens next (epoch ms); null while open. */
  opens_at: number | null;
}

const ALWAYS_OPEN: MarketSession = { open: true, opens_at: null };

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: EXCHANGE_TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface LocalTime {
  year: number;
  month: number;
  day: number;
  minute: number;
  /** The local wall-clock time as if it were UTC (epoch ms), to compute the zone's offset. */
  wall: number;
}

function newYorkTime(instant: number): LocalTime {
  const p = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of partsFormat.formatToParts(instant)) {
    if (part.type in p) p[part.type as keyof typeof p] = Number(part.value);
  }
  const { year, month, day, hour, minute, second } = p;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second) + (instant % 1000);
  return { year, month, day, minute: hour * 60 + minute, wall };
}

const dateKey = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Whether the exchange trades on this New York calendar date, and until when (minutes). */
function closeMinuteOf(y: number, m: number, d: number): number | null {
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (weekday === 0 || weekday === 6) return null;
  const key = dateKey(y, m, d);
  if (NYSE_HOLIDAYS.has(key)) return null;
  return NYSE_EARLY_CLOSES.has(key) ? EARLY_CLOSE_MINUTE : CLOSE_MINUTE;
}

/** The instant of a New York wall-clock time; the offset is read at that instant (DST-safe at 09:30). */
function newYorkInstant(y: number, m: number, d: number, minuteOfDay: number): number {
  const wall = Date.UTC(y, m - 1, d, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
  // New York is 4 or 5 hours behind UTC; start from the later guess and correct once.
  const guess = wall + 5 * 3_600_000;
  const offset = newYorkTime(guess).wall - guess;
  return wall - offset;
}

/** The NYSE regular session at `now` (epoch ms) and, when closed, its next opening. */
export function nyseSession(now: number): MarketSession {
  const local = newYorkTime(now);
  const close = closeMinuteOf(local.year, local.month, local.day);
  if (close !== null && local.minute >= OPEN_MINUTE && local.minute < close) return ALWAYS_OPEN;
  const start = close !== null && local.minute < OPEN_MINUTE ? 0 : 1;
  for (let ahead = start; ahead <= MAX_DAYS_AHEAD; ahead++) {
    const date = new Date(Date.UTC(local.year, local.month - 1, local.day + ahead));
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (closeMinuteOf(y, m, d) !== null) return { open: false, opens_at: newYorkInstant(y, m, d, OPEN_MINUTE) };
  }
  throw new Error(`no NYSE session within ${MAX_DAYS_AHEAD} days of ${new Date(now).toISOString()}`);
}

/** A pair's trading session: stocks follow the NYSE regular session, crypto never closes. */
export function sessionOf(inst: Pick<Instrument, 'kind'>, now: number): MarketSession {
  return inst.kind === 'stock' ? nyseSession(now) : ALWAYS_OPEN;
}

/** "Mon 24 Nov, 09:30 GMT-5"-style local time of an opening, in the user's zone (UTC by default). */
export function formatOpening(opensAt: number, locale: string, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(opensAt);
}
