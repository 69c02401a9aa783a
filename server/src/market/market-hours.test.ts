import { describe, expect, it } from 'vitest';
import { formatOpening, NYSE_HOLIDAYS, nyseSession, sessionOf } from './market-hours';

const at = (iso: string) => Date.parse(iso);
const closedUntil = (iso: string) => ({ open: false, opens_at: at(iso) });
const OPEN = { open: true, opens_at: null };

describe('NYSE regular session', () => {
  it('opens at 09:30 and closes at 16:00 New York time (EST, UTC-5)', () => {
    // Tuesday 24 November 2026, standard time: 09:30 = 14:30 UTC, 16:00 = 21:00 UTC.
    expect(nyseSession(at('2026-11-24T14:29:59Z'))).toEqual(closedUntil('2026-11-24T14:30:00Z'));
    expect(nyseSession(at('2026-11-24T14:29:00Z'))).toEqual(closedUntil('2026-11-24T14:30:00Z'));
    expect(nyseSession(at('2026-11-24T14:30:00Z'))).toEqual(OPEN);
    expect(nyseSession(at('2026-11-24T20:59:00Z'))).toEqual(OPEN);
    expect(nyseSession(at('2026-11-24T20:59:59Z'))).toEqual(OPEN);
    expect(nyseSession(at('2026-11-24T21:00:00Z'))).toEqual(closedUntil('2026-11-25T14:30:00Z'));
  });

  it('follows daylight saving time (EDT, UTC-4)', () => {
    // Wednesday 15 July 2026: 09:30 = 13:30 UTC.
    expect(nyseSession(at('2026-07-15T13:29:00Z'))).toEqual(closedUntil('2026-07-15T13:30:00Z'));
    expect(nyseSession(at('2026-07-15T13:30:00Z'))).toEqual(OPEN);
    expect(nyseSession(at('2026-07-15T19:59:00Z'))).toEqual(OPEN);
    expect(nyseSession(at('2026-07-15T20:00:00Z'))).toEqual(closedUntil('2026-07-16T13:30:00Z'));
  });

  it('moves the opening across the spring-forward weekend (8 March 2026)', () => {
    // Friday 6 March closes at 21:00 UTC (EST); Monday 9 March opens at 13:30 UTC (EDT).
    expect(nyseSession(at('2026-03-06T21:00:00Z'))).toEqual(closedUntil('2026-03-09T13:30:00Z'));
    // On the switch day itself (a Sunday) the market is closed.
    expect(nyseSession(at('2026-03-08T07:30:00Z'))).toEqual(closedUntil('2026-03-09T13:30:00Z'));
    expect(nyseSession(at('2026-03-09T13:30:00Z'))).toEqual(OPEN);
  });

  it('moves the opening across the fall-back weekend (1 November 2026)', () => {
    expect(nyseSession(at('2026-10-30T20:00:00Z'))).toEqual(closedUntil('2026-11-02T14:30:00Z'));
    expect(nyseSession(at('2026-11-01T06:30:00Z'))).toEqual(closedUntil('2026-11-02T14:30:00Z'));
    expect(nyseSession(at('2026-11-02T14:29:00Z')).open).toBe(false);
    expect(nyseSession(at('2026-11-02T14:30:00Z'))).toEqual(OPEN);
  });

  it('is closed at weekends', () => {
    expect(nyseSession(at('2026-11-21T16:00:00Z'))).toEqual(closedUntil('2026-11-23T14:30:00Z'));
    expect(nyseSession(at('2026-11-22T18:00:00Z'))).toEqual(closedUntil('2026-11-23T14:30:00Z'));
  });

  it('is closed on holidays and opens after a long weekend', () => {
    // Good Friday 3 April 2026: closed all day, next opening Monday 6 April.
    expect(nyseSession(at('2026-04-03T15:00:00Z'))).toEqual(closedUntil('2026-04-06T13:30:00Z'));
    // Martin Luther King Day: Friday 16 January after the close → Tuesday 20 January.
    expect(nyseSession(at('2026-01-16T21:00:00Z'))).toEqual(closedUntil('2026-01-20T14:30:00Z'));
    // Independence Day observed on Friday 3 July 2026 → Monday 6 July.
    expect(nyseSession(at('2026-07-02T20:00:00Z'))).toEqual(closedUntil('2026-07-06T13:30:00Z'));
    // Christmas 2027 observed on Friday 24 December.
    expect(nyseSession(at('2027-12-23T21:00:00Z'))).toEqual(closedUntil('2027-12-27T14:30:00Z'));
  });

  it('closes at 13:00 on early-close days', () => {
    // Friday 27 November 2026 (day after Thanksgiving): 13:00 EST = 18:00 UTC.
    expect(nyseSession(at('2026-11-27T17:59:00Z'))).toEqual(OPEN);
    expect(nyseSession(at('2026-11-27T18:00:00Z'))).toEqual(closedUntil('2026-11-30T14:30:00Z'));
    // Thanksgiving itself is closed; the early-close day opens as usual.
    expect(nyseSession(at('2026-11-26T15:00:00Z'))).toEqual(closedUntil('2026-11-27T14:30:00Z'));
  });

  it('lists ten holidays in each of 2026 and 2027, none at a weekend', () => {
    for (const year of ['2026', '2027']) {
      const days = [...NYSE_HOLIDAYS].filter((d) => d.startsWith(year));
      expect(days).toHaveLength(10);
      for (const d of days) expect([0, 6]).not.toContain(new Date(`${d}T12:00:00Z`).getUTCDay());
    }
  });

  it('keeps crypto pairs always open and stocks on the NYSE session', () => {
    const sunday = at('2026-11-22T18:00:00Z');
    expect(sessionOf({ kind: 'spot' }, sunday)).toEqual(OPEN);
    expect(sessionOf({ kind: 'stock' }, sunday)).toEqual(closedUntil('2026-11-23T14:30:00Z'));
  });

  it("formats the opening in the user's time zone", () => {
    const opening = at('2026-11-23T14:30:00Z');
    expect(formatOpening(opening, 'en-US', 'Asia/Hong_Kong')).toMatch(/10:30 PM|22:30/);
    expect(formatOpening(opening, 'en-US')).toMatch(/02:30 PM|14:30/);
    expect(formatOpening(opening, 'en-US', 'America/New_York')).toMatch(/09:30 AM|09:30/);
  });
});
