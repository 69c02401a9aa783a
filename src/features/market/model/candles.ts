import type { Candle } from '@contract/market';
import type { KlineEvent, Period } from '@contract/market-events';
import { formatPrice } from '@/lib/format/number';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** Nominal length of a candle, to ask the server for about `CANDLES_PER_VIEW` of them. */
export const PERIOD_MS: Record<Period, number> = {
  '1min': MIN,
  '5min': 5 * MIN,
  '15min': 15 * MIN,
  '30min': 30 * MIN,
  '60min': 60 * MIN,
  '1day': DAY,
  '1week': 7 * DAY,
  '1mon': 30 * DAY,
};

export const CANDLES_PER_VIEW = 300;

/** The `/currency/new_timeshar` range for a period ending now. */
export function candleRange(period: Period, now: number): { from: number; to: number } {
  return { from: Math.max(0, now - CANDLES_PER_VIEW * PERIOD_MS[period]), to: now };
}

/**
 * A live candle merged into the loaded ones (oldest first): the open candle is replaced while it
 * forms, a new one is appended, and an event older than the last candle is ignored.
 */
export function mergeCandle(list: readonly Candle[], e: KlineEvent): Candle[] {
  const candle: Candle = { time: e.time, open: e.open, high: e.high, low: e.low, close: e.close, volume: e.volume };
  const last = list[list.length - 1];
  if (!last || e.time > last.time) return [...list, candle];
  if (e.time === last.time) return [...list.slice(0, -1), candle];
  return list as Candle[];
}

/** Chart points: lightweight-charts wants seconds and numbers (display only, never for money). */
export function toChartData(list: readonly Candle[], up: string, down: string) {
  const bars = list.map((c) => ({
    time: Math.floor(c.time / 1000),
    open: Number(c.open),
    high: Number(c.high),
    low: Number(c.low),
    close: Number(c.close),
  }));
  const volumes = list.map((c) => ({
    time: Math.floor(c.time / 1000),
    value: Number(c.volume),
    color: Number(c.close) >= Number(c.open) ? `${up}80` : `${down}80`,
  }));
  return { bars, volumes };
}

/**
 * The chart's dates and prices in the user's language (`locale`, BCP 47): axis marks, the last
 * price's tag and the crosshair show prices as every other screen does (`formatPrice`: grouped,
 * the pair's price decimals, half-even); the library's default is ungrouped. An axis mark closer
 * to the last price (`lastPrice()`) than half the step between marks is left blank: the price
 * tag is drawn there and would cover it half way.
 */
export function chartLocalization(
  locale: string,
  decimals: number,
  lastPrice: () => number | undefined = () => undefined,
) {
  // The chart hands over its own coordinates as numbers; they are display positions, not money.
  const priceFormatter = (p: number) => formatPrice(p, decimals, { locale });
  return {
    locale,
    priceFormatter,
    tickmarksPriceFormatter: (prices: number[]) => {
      const last = lastPrice();
      const step = prices.length > 1 ? Math.abs(prices[1]! - prices[0]!) : 0;
      return prices.map((p) =>
        last !== undefined && step > 0 && Math.abs(p - last) < step / 2 ? '' : priceFormatter(p),
      );
    },
  };
}
