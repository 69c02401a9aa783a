import Decimal from 'decimal.js';
import { CATALOG, type Instrument } from './catalog';
import { sessionOf } from './market-hours';
import type { DepthBook, FeedEvent, MarketFeed } from './feed';
import { hashSeed, mulberry32, normal, type Random } from './prng';
import { syntheticHistory } from './synthetic';

const YEAR_S = 365 * 86_400;
/** After a long pause (a suspended laptop) only the last two minutes are replayed trade by trade. */
const MAX_REPLAY_S = 120;
const DEPTH_LEVELS = 20;

interface State {
  inst: Instrument;
  price: number;
  lastTs: number;
  random: Random;
}

/**
 * Demo prices: geometric Brownian motion per instrument with its annualized volatility, one trade
 * per second per instrument on whole seconds. Same seed, start prices and start time give the same
 * trades. Everything it produces is labelled `simulated` on the wire. Stocks trade only in their
 * exchange's session (`isOpen`): outside it they neither trade nor move, as on the exchange.
 */
export function createSimulatedFeed(
  seed: number,
  instruments: Instrument[] = CATALOG.instruments,
  isOpen: (inst: Instrument, now: number) => boolean = (inst, now) => sessionOf(inst, now).open,
): MarketFeed {
  const states = new Map<string, State>();
  let emit: ((e: FeedEvent) => void) | undefined;

  const step = (s: State, dtSeconds: number) => {
    s.price *= Math.exp(s.inst.vol * Math.sqrt(dtSeconds / YEAR_S) * normal(s.random));
  };

  return {
    source: 'simulated',
    covers: () => true,
    start(sink, lastPrices, now) {
      emit = sink;
      const t0 = Math.floor(now / 1000) * 1000;
      for (const inst of instruments) {
        const last = lastPrices.get(inst.symbol);
        states.set(inst.symbol, {
          inst,
          price: last ? Number(last) : inst.basePrice,
          lastTs: t0,
          random: mulberry32(hashSeed(seed, inst.symbol, t0)),
        });
      }
    },
    advance(now) {
      if (!emit) return;
      const target = Math.floor(now / 1000) * 1000;
      for (const s of states.values()) {
        const gap = (target - s.lastTs) / 1000;
        if (gap <= 0) continue;
        if (!isOpen(s.inst, target)) {
          s.lastTs = target;
          continue;
        }
        if (gap > MAX_REPLAY_S) {
          step(s, gap - MAX_REPLAY_S);
          s.lastTs = target - MAX_REPLAY_S * 1000;
        }
        while (s.lastTs < target) {
          const before = s.price;
          step(s, 1);
          s.lastTs += 1000;
          const size = s.inst.lot * Math.exp(0.8 * normal(s.random) - 0.32);
          emit({
            kind: 'trade',
            symbol: s.inst.symbol,
            price: new Decimal(s.price).toDecimalPlaces(s.inst.priceDecimals).toFixed(),
            amount: new Decimal(size).toDecimalPlaces(4).toFixed(),
            direction: s.price >= before ? 'buy' : 'sell',
            ts: s.lastTs,
          });
        }
      }
    },
    stop() {
      emit = undefined;
    },
    async history(inst, period, anchor, count) {
      return syntheticHistory(inst, period, seed, anchor, count);
    },
    depth(inst, price, now): DepthBook {
      const random = mulberry32(hashSeed(seed, inst.symbol, 'depth', Math.floor(now / 1000)));
      const mid = new Decimal(price);
      const minTick = new Decimal(1).dividedBy(new Decimal(10).pow(inst.priceDecimals));
      const step = Decimal.max(mid.times(0.0002).toDecimalPlaces(inst.priceDecimals), minTick);
      const qty = (level: number) =>
        new Decimal(inst.lot * (1 + level * 0.35) * (0.4 + 1.2 * random())).toDecimalPlaces(4).toFixed();
      const bids: [string, string][] = [];
      const asks: [string, string][] = [];
      for (let level = 1; level <= DEPTH_LEVELS; level++) {
        bids.push([mid.minus(step.times(level)).toFixed(), qty(level)]);
        asks.push([mid.plus(step.times(level)).toFixed(), qty(level)]);
      }
      return { bids, asks };
    },
  };
}
