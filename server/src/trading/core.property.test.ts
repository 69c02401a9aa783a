import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { AppError } from '../errors';
import { checkInvariants } from '../ledger/index';
import { describeEachDatabase } from '../testing/suite';
import type { Trading } from './core';
import { BTC, BTC_USDT, limit, tradingProblems, tradingUser, USDT } from '../testing/trading';
import type { NewOrder } from './types';

const ETH = 2;
const ETH_USDT = 2;
const SOL_USDT = 4;
const USERS = 4;
const PAIRS = [
  { id: BTC_USDT, mid: 9_700_000 },
  { id: ETH_USDT, mid: 340_000 },
];

const op = fc.oneof(
  fc.record({
    op: fc.constant('limit' as const),
    user: fc.nat({ max: USERS - 1 }),
    pair: fc.nat({ max: 1 }),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    offset: fc.integer({ min: -20, max: 20 }),
    qty: fc.integer({ min: 1, max: 3000 }),
    ioc: fc.boolean(),
    postOnly: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('market' as const),
    user: fc.nat({ max: USERS - 1 }),
    pair: fc.nat({ max: 1 }),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    amount: fc.integer({ min: 1, max: 3000 }),
  }),
  fc.record({ op: fc.constant('cancel' as const), user: fc.nat({ max: USERS - 1 }), pick: fc.nat() }),
);

type Row = Record<string, unknown>;

describeEachDatabase('trading core under random concurrent orders', ({ app }) => {
  const core = () => app().app.ctx.trading as Trading;
  const db = () => app().app.ctx.db;

  /** Every currency's total over the users' and the fee accounts (the only places trading moves money). */
  const totals = async () => {
    const res = (await db().execute(
      sql`SELECT currency_id, sum(available + held)::text AS total FROM ledger_accounts
        WHERE owner LIKE 'u:%' OR owner IN ('s:fees', 's:maker') GROUP BY currency_id ORDER BY currency_id`,
    )) as unknown as { rows: Row[] };
    return res.rows;
  };

  it('conserves every currency, keeps each hold equal to its resting order and the book equal to the stored one', async () => {
    const users: number[] = [];
    for (let i = 0; i < USERS; i++) {
      users.push(await tradingUser(db(), { [USDT]: '1500', [BTC]: '0.01', [ETH]: '0.2' }));
    }
    const placed: { owner: number; id: number }[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        async (groups) => {
          const before = await totals();
          for (const group of groups) {
            // Each group is sent at once, so it is matched and committed as one batch or a few.
            const results = await Promise.allSettled(
              group.map((o) => {
                const owner = users[o.user]!;
                if (o.op === 'cancel') {
                  const mine = placed.filter((p) => p.owner === owner);
                  const target = mine[o.pick % Math.max(1, mine.length)];
                  return target ? core().cancel(owner, target.id) : Promise.resolve(undefined);
                }
                const pair = PAIRS[o.pair]!;
                const order: NewOrder =
                  o.op === 'limit'
                    ? limit(owner, pair.id, o.side, pair.mid + o.offset, o.qty, { ioc: o.ioc, postOnly: o.postOnly })
                    : {
                        owner,
                        pairId: pair.id,
                        side: o.side,
                        type: 'market',
                        price: null,
                        qty: o.side === 'sell' ? o.amount : null,
                        budget: o.side === 'buy' ? o.amount * pair.mid : null,
                        ioc: false,
                        postOnly: false,
                      };
                return core()
                  .place(order)
                  .then((stored) => {
                    placed.push({ owner, id: stored.id });
                    return stored;
                  });
              }),
            );
            for (const r of results) {
              if (r.status === 'rejected') {
                expect(r.reason).toBeInstanceOf(AppError);
                expect(['insufficient_balance', 'order_not_found']).toContain((r.reason as AppError).key);
              }
            }
          }
          expect(await totals()).toEqual(before);
          expect(await tradingProblems(db(), core())).toEqual([]);
          expect((await checkInvariants(db())).problems).toEqual([]);
        },
      ),
      { numRuns: 15, seed: 20261122 },
    );
    expect(placed.length).toBeGreaterThan(0);
  });

  it('accepts exactly the affordable ones of 100 concurrent orders that together need twice the balance', async () => {
    const user = await tradingUser(db(), { [USDT]: '500' });
    // Each buy holds 10 USDT (0.1 SOL at 100): 50 fit in 500. SOL/USDT: tick 0.01, lot 0.0001.
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => core().place(limit(user, SOL_USDT, 'buy', 10_000, 1000))),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(accepted).toHaveLength(50);
    expect(refused).toHaveLength(50);
    for (const err of refused) expect(err).toMatchObject({ key: 'insufficient_balance', values: { available: '0' } });
    expect(core().depth(SOL_USDT, 1).bids).toEqual([['100', '5']]);
    expect(await tradingProblems(db(), core())).toEqual([]);
    expect((await checkInvariants(db())).problems).toEqual([]);
  });
});
