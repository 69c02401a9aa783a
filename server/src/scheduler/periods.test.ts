import { describe, expect, it } from 'vitest';
import { lastFinished, periodsToRun } from './periods';

const at = (iso: string) => new Date(iso);

describe('scheduler periods', () => {
  it('aligns periods to UTC and names the last finished one', () => {
    expect(lastFinished('day', at('2026-03-05T13:20:00Z'))).toEqual({
      start: at('2026-03-04T00:00:00Z'),
      end: at('2026-03-05T00:00:00Z'),
    });
    expect(lastFinished('hour', at('2026-03-05T13:00:00Z')).start).toEqual(at('2026-03-05T12:00:00Z'));
    expect(lastFinished('minute', at('2026-03-05T13:20:59.999Z')).end).toEqual(at('2026-03-05T13:20:00Z'));
  });

  it('a new job runs only the latest finished period', () => {
    expect(periodsToRun('day', at('2026-03-05T13:00:00Z'), null, 'each', 1000)).toEqual([
      { start: at('2026-03-04T00:00:00Z'), end: at('2026-03-05T00:00:00Z') },
    ]);
  });

  it('nothing runs twice: a period already run is not due again', () => {
    expect(periodsToRun('day', at('2026-03-05T23:59:59Z'), at('2026-03-04T00:00:00Z'), 'each', 1000)).toEqual([]);
  });

  it('each: every missed period in order, capped per pass; latest: only the most recent', () => {
    const now = at('2026-03-05T01:00:00Z');
    const last = at('2026-03-01T00:00:00Z');
    expect(periodsToRun('day', now, last, 'each', 1000).map((p) => p.start.toISOString())).toEqual([
      '2026-03-02T00:00:00.000Z',
      '2026-03-03T00:00:00.000Z',
      '2026-03-04T00:00:00.000Z',
    ]);
    expect(periodsToRun('day', now, last, 'each', 2)).toHaveLength(2);
    expect(periodsToRun('day', now, last, 'latest', 1000).map((p) => p.start.toISOString())).toEqual([
      '2026-03-04T00:00:00.000Z',
    ]);
  });
});
