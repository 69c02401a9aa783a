import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { AppError } from '../../errors';
import { checkInvariants } from '../../ledger/index';
import { oco, stop } from '../../testing/conditional';
import { describeEachDatabase } from '../../testing/suite';
import { BTC, BTC_USDT, limit, tradingProblems, tradingUser, USDT } from '../../testing/trading';
import type { Trading } from '../core';
import { trailTrigger } from './watch';

type Row = Record<string, unknown>;
const MID = 9_700_000;

const step = fc.oneof(
  fc.record({
    op: fc.constant('order' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    offset: fc.integer({ min: -30, max: 30 }),
    qty: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({
    op: fc.constant('stop' as const),
    kind: fc.constantFrom('stop_limit' as const, 'stop_market' as const, 'trailing_stop' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    distance: fc.integer({ min: 1, max: 25 }),
    qty: fc.integer({ min: 1, max: 300 }),
  }),
  fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant('oco' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    limitDistance: fc.integer({ min: 1, max: 25 }),
    triggerDistance: fc.integer({ min: 1, max: 25 }),
    qty: fc.integer({ min: 1, max: 300 }),
  }),
  fc.record({ op: fc.constant('cancel_oco' as const), pick: fc.nat(), viaLeg: fc.boolean() }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
type StopStep = Extract<Step, { op: 'stop' }>;
type OcoStep = Extract<Step, { op: 'oco' }>;

/** The pair's last trade when a command was sent: its id and price in ticks. */
interface Moment {
  after: number;
  last: number;
}

interface Trade {
  id: number;
  price: number;
  taker: number;
  maker: number;
}

interface Placed extends Moment {
  /** Placed after trade `after` at price `last`; cancelled after `cancelledAfter` (a trade id). */
  id: number;
  side: 'buy' | 'sell';
  trigger: number;
  trail: number | null;
  cancelledAfter?: number;
}

/** The first trade after placement (and before a cancel) that reaches the trigger, trailing it if it trails. */
function expectedTrigger(p: Placed, trades: { id: number; price: number }[]): number | null {
  let best = p.last;
  let trigger = p.trigger;
  for (const t of trades) {
    if (t.id <= p.after) continue;
    if (p.cancelledAfter !== undefined && t.id > p.cancelledAfter) return null;
    if (p.trail !== null && (p.side === 'sell' ? t.price > best : t.price < best)) {
      best = t.price;
      trigger = trailTrigger({ side: p.side, trailTicks: p.trail, trailBps: null }, best);
    }
    if (p.side === 'buy' ? t.price >= trigger : t.price <= trigger) return t.id;
  }
  return null;
}

interface PlacedOco extends Moment {
  id: number;
  owner: number;
  /** Its limit leg's order id. */
  leg: number;
  side: 'buy' | 'sell';
  trigger: number;
  cancelledAfter?: number;
}

/**
 * An OCO's outcome: [status, trigger_trade_id, whether its limit leg won]. The first of its limit
 * leg's first fill and the first trade reaching its trigger (before a cancel) wins; one order's
 * match is one step, so when the same taker did both, its fill of the limit leg stands.
 */
function expectedOco(p: PlacedOco, trades: Trade[]): ['waiting' | 'triggered' | 'cancelled', number | null, boolean] {
  let fill: Trade | undefined;
  let trigger: Trade | undefined;
  for (const t of trades) {
    if (t.id <= p.after) continue;
    if (!fill && (t.taker === p.leg || t.maker === p.leg)) fill = t;
    const live = p.cancelledAfter === undefined || t.id <= p.cancelledAfter;
    if (!trigger && live && (p.side === 'buy' ? t.price >= p.trigger : t.price <= p.trigger)) trigger = t;
  }
  if (fill && (!trigger || fill.id < trigger.id || fill.taker === trigger.taker)) return ['triggered', fill.id, true];
  if (trigger) return ['triggered', trigger.id, false];
  return [p.cancelledAfter === undefined ? 'waiting' : 'cancelled', null, false];
}

describeEachDatabase('stop orders under a random price path', ({ app }) => {
  const core = () => app().app.ctx.trading as Trading;
  const db = () => app().app.ctx.db;
  const rows = async (q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: Row[] }).rows;

  /** Places a stop of `owner` at a distance from the last price; returns it, or undefined if refused. */
  async function placeStop(owner: number, s: StopStep, at: Moment): Promise<Placed | undefined> {
    const trigger = at.last + (s.side === 'buy' ? s.distance : -s.distance);
    const trail = s.kind === 'trailing_stop' ? s.distance : null;
    const fields =
      s.kind === 'stop_limit'
        ? { triggerPrice: trigger, price: trigger + (s.side === 'buy' ? 5 : -5), qty: s.qty }
        : { triggerPrice: trail ? null : trigger, trailTicks: trail, ...amountOf(s.side, s.qty) };
    const c = await core()
      .placeConditional(stop(owner, { kind: s.kind, side: s.side, ...fields }))
      .catch((e: unknown) => e);
    if (c instanceof AppError) {
      expect(c.key).toBe('insufficient_balance');
      return undefined;
    }
    const ok = c as { id: number; triggerPrice: string };
    return { id: ok.id, ...at, side: s.side, trigger: Math.round(Number(ok.triggerPrice) * 100), trail };
  }

  /** Places an OCO of a user of its own (no self-trade with another OCO): limit and trigger astride the last price. */
  async function placeOco(s: OcoStep, at: Moment): Promise<PlacedOco> {
    const owner = await tradingUser(db(), { [USDT]: '100000', [BTC]: '1' });
    const sign = s.side === 'buy' ? 1 : -1;
    const trigger = at.last + sign * s.triggerDistance;
    const legs = { limit: at.last - sign * s.limitDistance, trigger, target: trigger + sign * 5, qty: s.qty };
    const placed = await core().placeConditional(oco(owner, s.side, legs));
    return { id: placed.id, owner, leg: placed.limitOrderId!, ...at, side: s.side, trigger };
  }

  /** Cancels an OCO, or its limit leg as an order; notes when it was cancelled while it waited. */
  async function cancelOco(target: PlacedOco, viaLeg: boolean, at: Moment): Promise<void> {
    const res = await (
      viaLeg ? core().cancel(target.owner, target.leg) : core().cancelConditional(target.owner, target.id)
    ).catch((e: unknown) => e);
    if (res instanceof AppError) return expect(res.key).toBe('order_not_found');
    // A limit leg that had traded is cancelled alone: its OCO had already ended by that fill.
    if (viaLeg && (res as { filledQty: string }).filledQty !== '0') return;
    target.cancelledAfter = at.after;
  }

  async function storedTrades(): Promise<Trade[]> {
    const found = await rows(
      sql`SELECT id, price, taker_order_id, maker_order_id FROM spot_trades WHERE pair_id = ${BTC_USDT} ORDER BY id`,
    );
    return found.map((r) => ({
      id: Number(r.id),
      price: Math.round(Number(r.price) * 100),
      taker: Number(r.taker_order_id),
      maker: Number(r.maker_order_id),
    }));
  }

  async function storedConditionals(): Promise<Map<number, Row>> {
    const found = await rows(sql`SELECT c.id, c.status, c.trigger_trade_id, c.order_id, l.filled_qty AS leg_filled
      FROM spot_conditional_orders c LEFT JOIN spot_orders l ON l.id = c.limit_order_id`);
    return new Map(found.map((r) => [Number(r.id), r]));
  }

  it('fires every stop once at the first trade that reaches it, and holds equal the open orders', async () => {
    const traders = [
      await tradingUser(db(), { [USDT]: '100000', [BTC]: '1' }),
      await tradingUser(db(), { [USDT]: '100000', [BTC]: '1' }),
    ];
    const owner = await tradingUser(db(), { [USDT]: '100000', [BTC]: '1' });
    // A first trade, so every stop has a last price to be placed against.
    await core().place(limit(traders[0]!, BTC_USDT, 'sell', MID, 1));
    await core().place(limit(traders[1]!, BTC_USDT, 'buy', MID, 1));
    const placed: Placed[] = [];
    const ocos: PlacedOco[] = [];
    const outcomes = { fired: 0, limitWon: 0, stopWon: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        for (const [i, s] of steps.entries()) {
          const lastTrade = core().recentTrades(BTC_USDT, 1)[0]!;
          const at = { after: lastTrade.id, last: Math.round(Number(lastTrade.price) * 100) };
          if (s.op === 'order') {
            await core().place(limit(traders[i % 2]!, BTC_USDT, s.side, MID + s.offset, s.qty));
          } else if (s.op === 'stop') {
            const p = await placeStop(owner, s, at);
            if (p) placed.push(p);
          } else if (s.op === 'oco') {
            ocos.push(await placeOco(s, at));
          } else if (s.op === 'cancel_oco') {
            const target = ocos[s.pick % Math.max(1, ocos.length)];
            if (target && target.cancelledAfter === undefined) await cancelOco(target, s.viaLeg, at);
          } else {
            const target = placed[s.pick % Math.max(1, placed.length)];
            if (!target || target.cancelledAfter !== undefined) continue;
            const res = await core()
              .cancelConditional(owner, target.id)
              .catch((e: unknown) => e);
            if (!(res instanceof AppError)) target.cancelledAfter = at.after;
          }
        }
        const trades = await storedTrades();
        const stored = await storedConditionals();
        for (const p of placed) {
          const want = expectedTrigger(p, trades);
          const row = stored.get(p.id)!;
          expect([p.id, row.trigger_trade_id === null ? null : Number(row.trigger_trade_id)]).toEqual([p.id, want]);
          if (want !== null) outcomes.fired++;
          const status = want !== null ? 'triggered' : p.cancelledAfter !== undefined ? 'cancelled' : 'waiting';
          expect([p.id, row.status]).toEqual([p.id, status]);
        }
        for (const p of ocos) {
          const want = expectedOco(p, trades);
          const row = stored.get(p.id)!;
          const tradeId = row.trigger_trade_id === null ? null : Number(row.trigger_trade_id);
          const byLimit = row.status === 'triggered' && Number(row.order_id) === p.leg;
          const legTraded = Number(row.leg_filled) > 0;
          expect([p.id, row.status, tradeId, byLimit, legTraded]).toEqual([p.id, ...want, want[2]]);
          if (want[0] === 'triggered') outcomes[want[2] ? 'limitWon' : 'stopWon']++;
        }
        expect(await tradingProblems(db(), core())).toEqual([]);
        expect((await checkInvariants(db())).problems).toEqual([]);
      }),
      { numRuns: 6, seed: 3737 },
    );
    // The path crossed triggers and limit legs: the comparisons above were not only of waiting orders.
    expect(outcomes.fired).toBeGreaterThan(0);
    expect(outcomes.limitWon).toBeGreaterThan(0);
    expect(outcomes.stopWon).toBeGreaterThan(0);
  });
});

/** A market stop sells lots or spends a budget worth about as much at the mid price. */
const amountOf = (side: 'buy' | 'sell', qty: number) =>
  side === 'sell' ? { qty, budget: null } : { qty: null, budget: qty * MID };
