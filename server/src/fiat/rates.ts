import Decimal from 'decimal.js';
import { FIAT_CODES, type FiatCode } from '@contract/market';

export interface FiatRates {
  rates: { currency_code: FiatCode; rate: string }[];
  as_of: string;
  source: 'live' | 'fallback';
}

/** Shipped table (units per USD, mid-market) for when the source cannot be reached. */
export const FALLBACK_RATES: FiatRates = {
  as_of: '2025-11-14T00:00:00.000Z',
  source: 'fallback',
  rates: (
    [
      ['USD', '1'],
      ['CNY', '7.1'],
      ['GBP', '0.76'],
      ['HKD', '7.77'],
      ['JPY', '154.6'],
      ['EUR', '0.86'],
      ['AED', '3.6725'],
      ['THB', '32.4'],
      ['PHP', '58.9'],
      ['SGD', '1.3'],
      ['VND', '26330'],
    ] as const
  ).map(([currency_code, rate]) => ({ currency_code, rate })),
};

const DAY_MS = 86_400_000;
/** After a failed refresh, wait this long before trying the source again. */
const RETRY_MS = 10 * 60_000;

/** open.er-api.com's reply: `{result: "success", time_last_update_unix, rates: {CODE: number}}`. */
export function parseRates(body: unknown): FiatRates {
  const b = body as { result?: unknown; time_last_update_unix?: unknown; rates?: Record<string, unknown> } | null;
  if (b?.result !== 'success' || typeof b.time_last_update_unix !== 'number' || !b.rates)
    throw new Error('fiat: bad reply');
  const rates = FIAT_CODES.map((code) => {
    const v = b.rates?.[code];
    if (typeof v !== 'number' || !(v > 0)) throw new Error(`fiat: no rate for ${code}`);
    return { currency_code: code, rate: new Decimal(v).toFixed() };
  });
  return { rates, as_of: new Date(b.time_last_update_unix * 1000).toISOString(), source: 'live' };
}

export interface FiatSource {
  /** The table, refreshed first when a refresh is due (`/fiat/rates`). */
  rates(): Promise<FiatRates>;
  /**
   * The table in hand, at once: a due refresh runs in the background. Replies that convert to
   * fiat use this and carry its `source` and `as_of`, so they never wait on the outside service.
   */
  inHand(): FiatRates;
}

/**
 * The fiat table, refreshed at most daily from `url`. A failed refresh keeps the last good table
 * (or the shipped one) and is retried after ten minutes, so a dead source costs one try, not one
 * per request. Without a `url` (demo mode unless FIAT_SOURCE_URL is set) nothing is fetched and
 * the shipped table, dated and marked `fallback`, is served.
 */
export function createFiatRates(o: {
  url: string | undefined;
  now: () => Date;
  fetch?: typeof fetch;
  onError?: (err: unknown) => void;
}): FiatSource {
  const doFetch = o.fetch ?? fetch;
  let current: FiatRates | undefined;
  let fetchedAt = 0;
  let failedAt = -Infinity;
  let inFlight: Promise<FiatRates> | undefined;

  async function refresh(url: string): Promise<FiatRates> {
    try {
      const res = await doFetch(url, { signal: AbortSignal.timeout(3000) });
      if (!res.ok) throw new Error(`fiat: HTTP ${res.status}`);
      current = parseRates(await res.json());
      fetchedAt = o.now().getTime();
    } catch (err) {
      failedAt = o.now().getTime();
      o.onError?.(err);
    }
    return current ?? FALLBACK_RATES;
  }

  /** The refresh to wait for, or undefined when the table in hand is the answer. */
  function due(): Promise<FiatRates> | undefined {
    const t = o.now().getTime();
    if (!o.url || (current && t - fetchedAt < DAY_MS) || t - failedAt < RETRY_MS) return inFlight;
    inFlight ??= refresh(o.url).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  return {
    rates: () => due() ?? Promise.resolve(current ?? FALLBACK_RATES),
    inHand() {
      // refresh() catches and reports its own failures, so nothing is left unhandled here.
      void due();
      return current ?? FALLBACK_RATES;
    },
  };
}
