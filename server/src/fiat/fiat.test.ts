import { expect, it } from 'vitest';
import * as market from '@contract/market';
import { FIAT_CODES } from '@contract/market';
import { HOUR } from '../testing/clock';
import { describeEachDatabase } from '../testing/suite';
import { FALLBACK_RATES } from './rates';

const calls: string[] = [];
let reply: () => Response = () => {
  throw new TypeError('fetch failed');
};
const fakeFetch = (async (url: string) => {
  calls.push(url);
  return reply();
}) as unknown as typeof fetch;

const live = (cny: number) => () =>
  Response.json({
    result: 'success',
    time_last_update_unix: 1_767_225_600,
    rates: { ...Object.fromEntries(FIAT_CODES.map((c) => [c, 2])), USD: 1, CNY: cny, XAU: 0.0004 },
  });

describeEachDatabase(
  'fiat rates',
  ({ app }) => {
    it('serves the shipped table when the source is unreachable, trying again only later', async () => {
      calls.length = 0;
      reply = () => {
        throw new TypeError('fetch failed');
      };
      const t = app();
      const res = await t.call(market.fiatRates);
      expect(res.body).toEqual({ type: 'ok', message: FALLBACK_RATES });
      expect(FALLBACK_RATES.rates.map((r) => r.currency_code)).toEqual([...FIAT_CODES]);
      await t.call(market.fiatRates);
      expect(calls).toHaveLength(1);
      t.clock.advance(HOUR);
      reply = live(7.2);
      const fresh = (await t.call(market.fiatRates)).body.message as typeof FALLBACK_RATES;
      expect(calls).toHaveLength(2);
      expect(fresh.source).toBe('live');
    });

    it('refreshes from the source once a day and keeps the last good table when it fails', async () => {
      calls.length = 0;
      reply = live(7.25);
      const t = app();
      const first = (await t.call(market.fiatRates)).body.message as typeof FALLBACK_RATES;
      expect(first).toMatchObject({ source: 'live', as_of: '2026-01-01T00:00:00.000Z' });
      expect(first.rates).toHaveLength(FIAT_CODES.length);
      expect(first.rates.find((r) => r.currency_code === 'CNY')?.rate).toBe('7.25');
      t.clock.advance(23 * HOUR);
      await t.call(market.fiatRates);
      expect(calls).toHaveLength(1);
      t.clock.advance(2 * HOUR);
      reply = () => new Response('bad gateway', { status: 502 });
      expect((await t.call(market.fiatRates)).body.message).toEqual(first);
      expect(calls).toHaveLength(2);
      reply = () => Response.json({ result: 'error', 'error-type': 'unsupported-code' });
      t.clock.advance(HOUR);
      expect((await t.call(market.fiatRates)).body.message).toEqual(first);
    });
  },
  () => ({ market: { manual: true, fiatFetch: fakeFetch } }),
);
