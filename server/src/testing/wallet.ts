import type { Endpoint, RequestOf, ResponseOf } from '@contract/define';
import type { TestApp } from './app';
import { fixedPrices } from '../market/prices';

/** Test prices: BTC 50,000 and ETH 2,500 USDT; other coins have none. */
export const TEST_PRICES = fixedPrices({ 1: '50000', 2: '2500' }, 1_700_000_000_000);

/** No fiat source in tests: the shipped table answers. */
const offline: typeof fetch = () => Promise.reject(new Error('offline'));

export const walletAppOptions = () => ({ prices: TEST_PRICES, market: { manual: true, fiatFetch: offline } });

/** A contract call with an Idempotency-Key header (TestApp.call sends no custom headers). */
export async function callWithKey<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  data: RequestOf<E> | Record<string, unknown>,
  opts: { token: string; key?: string },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${endpoint.path}`,
    headers: {
      authorization: opts.token,
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.key === undefined ? {} : { 'idempotency-key': opts.key }),
    },
    payload: new URLSearchParams(
      Object.entries(data as Record<string, unknown>).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    ).toString(),
    remoteAddress: t.ip,
  });
  return { status: res.statusCode, body: res.json() as { type: string; message: unknown } };
}

/** The `message` of an ok reply, checked against the endpoint's response schema and typed by it. */
export function okOf<E extends Endpoint>(endpoint: E, body: { type: string; message: unknown }): ResponseOf<E> {
  if (body.type !== 'ok') throw new Error(`${endpoint.path}: ${JSON.stringify(body)}`);
  return endpoint.response.parse(body.message) as ResponseOf<E>;
}
