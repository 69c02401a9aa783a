import { describe, expect, it } from 'vitest';
import { FIAT_CODES } from '@contract/market';
import { createFiatRates, FALLBACK_RATES } from './rates';

const DAY = 86_400_000;
const liveBody = {
  result: 'success',
  time_last_update_unix: 1_767_225_600,
  rates: Object.fromEntries(FIAT_CODES.map((c) => [c, 2])),
};

function source(url: string | undefined) {
  let t = 1_767_300_000_000;
  const calls: string[] = [];
  // The source replies only when the test says so.
  let answer: (() => void) | undefined;
  const fetch = ((u: string) => {
    calls.push(u);
    return new Promise<Response>((resolve) => {
      answer = () => resolve(Response.json(liveBody));
    });
  }) as unknown as typeof globalThis.fetch;
  const fiat = createFiatRates({ url, now: () => new Date(t), fetch });
  return { fiat, calls, answer: () => answer?.(), advance: (ms: number) => (t += ms) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('fiat rates in hand', () => {
  it('answers at once while the source has not replied, then serves the fresh table', async () => {
    const s = source('https://rates.example/usd');
    expect(s.fiat.inHand()).toBe(FALLBACK_RATES);
    expect(s.calls).toHaveLength(1);
    expect(s.fiat.inHand()).toBe(FALLBACK_RATES);
    expect(s.calls).toHaveLength(1);
    s.answer();
    await settle();
    expect(s.fiat.inHand()).toMatchObject({ source: 'live', as_of: '2026-01-01T00:00:00.000Z' });
    s.advance(DAY + 1);
    expect(s.fiat.inHand().source).toBe('live');
    expect(s.calls).toHaveLength(2);
  });

  it('never calls out without a configured source: the shipped table, dated, marked fallback', async () => {
    const s = source(undefined);
    expect(s.fiat.inHand()).toEqual({ ...FALLBACK_RATES, source: 'fallback' });
    expect(await s.fiat.rates()).toBe(FALLBACK_RATES);
    expect(s.calls).toEqual([]);
  });
});
