import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { liveSetting, parseStored } from './live';

const setting = liveSetting('test.live_parse', z.object({ rate: z.number().max(1) }), { rate: 0.5 });

describe('parseStored', () => {
  it('reads a stored version and value', () => {
    expect(parseStored(setting, JSON.stringify({ v: 3, value: { rate: 0.2 } }))).toEqual({
      v: 3,
      value: { rate: 0.2 },
    });
  });

  it('falls back to the defaults and reports a row that does not parse or fails its schema', () => {
    const reported: string[] = [];
    const report = (key: string) => reported.push(key);
    expect(parseStored(setting, '{not json', report)).toEqual({ v: 0, value: { rate: 0.5 } });
    expect(parseStored(setting, JSON.stringify({ v: 1, value: { rate: 9 } }), report)).toEqual({
      v: 0,
      value: { rate: 0.5 },
    });
    expect(parseStored(setting, undefined, report)).toEqual({ v: 0, value: { rate: 0.5 } });
    expect(reported).toEqual(['test.live_parse', 'test.live_parse']);
  });
});
