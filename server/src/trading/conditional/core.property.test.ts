import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { AppError } from '../../errors';
import { checkInvariants } from '../../ledger/index';
import { stop } from '../../testing/conditional';
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
);

interface Placed {
  id: number;
  /** The last trade id and price when it was placed; cancelled after `cancelledAfter` (a trade id). */
  after: number;
  last: number;
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

describeEachDatabase('stop orders under a random price path', ({ app }) => {
  const core = () => app().app.ctx.trading as Trading;
  const db = () => app().app.ctx.db;
  const rows = async (q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: Row[] }).rows;

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
    let fired = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        for (const [i, s] of steps.entries()) {
          const lastTrade = core().recentTrades(BTC_USDT, 1)[0]!;
          const after = lastTrade.id;
          const last = Math.round(Number(lastTrade.price) * 100);
          if (s.op === 'order') {
            await core().place(limit(traders[i % 2]!, BTC_USDT, s.side, MID + s.offset, s.qty));
          } else if (s.op === 'stop') {
            const trigger = last + (s.side === 'buy' ? s.distance : -s.distance);
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
              continue;
            }
            const ok = c as { id: number; triggerPrice: string };
            placed.push({
              id: ok.id,
              after,
              last,
              side: s.side,
              trigger: Math.round(Number(ok.triggerPrice) * 100),
              trail,
            });
          } else {
            const target = placed[s.pick % Math.max(1, placed.length)];
            if (!target || target.cancelledAfter !== undefined) continue;
            const res = await core()
              .cancelConditional(owner, target.id)
              .catch((e: unknown) => e);
            if (!(res instanceof AppError)) target.cancelledAfter = after;
          }
        }
        const trades = (await rows(sql`SELECT id, price FROM spot_trades WHERE pair_id = ${BTC_USDT} ORDER BY id`)).map(
          (r) => ({ id: Number(r.id), price: Math.round(Number(r.price) * 100) }),
        );
        const stored = new Map(
          (
            await rows(sql`SELECT id, status, trigger_trade_id FROM spot_conditional_orders WHERE user_id = ${owner}`)
          ).map((r) => [Number(r.id), r]),
        );
        for (const p of placed) {
          const want = expectedTrigger(p, trades);
          const row = stored.get(p.id)!;
          expect([p.id, row.trigger_trade_id === null ? null : Number(row.trigger_trade_id)]).toEqual([p.id, want]);
          if (want !== null) fired++;
          const status = want !== null ? 'triggered' : p.cancelledAfter !== undefined ? 'cancelled' : 'waiting';
          expect([p.id, row.status]).toEqual([p.id, status]);
        }
        expect(await tradingProblems(db(), core())).toEqual([]);
        expect((await checkInvariants(db())).problems).toEqual([]);
      }),
      { numRuns: 6, seed: 3737 },
    );
    // The path crossed triggers: the comparison above was not only of waiting orders.
    expect(fired).toBeGreaterThan(0);
  });
});

/** A market stop sells lots or spends a budget worth about as much at the mid price. */
const amountOf = (side: 'buy' | 'sell', qty: number) =>
  side === 'sell' ? { qty, budget: null } : { qty: null, budget: qty * MID };
