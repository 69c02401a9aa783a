import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../../db/client';
import { checkInvariants } from '../../ledger/index';
import { Trading } from '../core';
import { killDuringLoad, LOAD_MS, onBothDatabases, postForm, rowsOf, runClients } from '../../testing/kill-load';
import type { Started } from '../../testing/kill-support';
import { tradingProblems } from '../../testing/trading';

/**
 * `kill -9` of the real server while some clients place stop orders and OCOs and others trade
 * through their triggers over HTTP, then a restart: every acknowledged stop order is stored; each
 * is either waiting (its hold untouched, no order made of it, watched again by the restarted core)
 * or triggered (by a stored trade that reached its trigger, into exactly one stored order that
 * holds its funds), never both and never lost. An OCO is waiting (its limit leg resting unfilled,
 * alone on its hold) or ended by exactly one leg: its limit leg traded, or its stop fired and its
 * limit leg was cancelled unfilled. Holds equal the open orders and the ledger balances.
 */

const LOAD_LIMIT_MS = 150_000;
const CLIENTS = 8;
const BTC_USDT = { currency_id: '1', legal_id: '3' };

interface Acked {
  id: number;
  status: string;
}

/** A price near 97000 on the 0.01 grid. */
const near = (spread: number) => (97_000 + Math.floor(Math.random() * (2 * spread + 1) - spread) / 100).toFixed(2);

function load(server: Started) {
  const stops = new Map<number, Acked>();
  const ocos = new Map<number, Acked>();
  let fills = 0;
  const clients = runClients(server, CLIENTS, async ({ token }, index, running) => {
    while (running()) {
      if (index % 2 === 0) {
        const reply = await postForm(server, token, '/coin/trade', {
          ...BTC_USDT,
          side: Math.random() < 0.5 ? 'buy' : 'sell',
          type: 'limit',
          amount: '0.0001',
          target_price: near(20),
        });
        if (reply.type === 'ok' && reply.message.status === 'filled') fills++;
        continue;
      }
      const buy = Math.random() < 0.5;
      const isOco = Math.random() < 0.4;
      const reply = await postForm<Acked>(server, token, '/coin/conditional/place', {
        ...BTC_USDT,
        side: buy ? 'buy' : 'sell',
        ...(isOco
          ? ocoBody(buy)
          : {
              kind: Math.random() < 0.5 ? 'stop_limit' : 'stop_market',
              amount: buy ? '0.0002' : '0.0001',
              trigger_price: near(20),
              target_price: near(30),
            }),
      });
      if (reply.type === 'ok') (isOco ? ocos : stops).set(reply.message.id, reply.message);
    }
  });
  return { ...clients, stops, ocos, fills: () => fills };
}

/** An OCO astride 97000: accepted when the last trade lies between its limit and its trigger. */
function ocoBody(buy: boolean): Record<string, string> {
  const [above, below] = [(97_000 + Math.random() / 5).toFixed(2), (97_000 - Math.random() / 5).toFixed(2)];
  return {
    kind: 'oco',
    amount: '0.0001',
    limit_price: buy ? below : above,
    trigger_price: buy ? above : below,
    target_price: near(30),
  };
}

async function loaded(l: ReturnType<typeof load>): Promise<void> {
  const started = Date.now();
  const enough = () => Date.now() - started >= LOAD_MS && l.stops.size > 20 && l.ocos.size > 10 && l.fills() > 5;
  while (!enough() && Date.now() - started < LOAD_LIMIT_MS) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Every acknowledged OCO is stored, and waits with its limit leg resting unfilled, or ended by
 * exactly one leg; at least one ended each way or by its limit leg (the load reached them).
 */
async function verifyOcos(database: Database, ocos: Map<number, Acked>): Promise<void> {
  expect(ocos.size).toBeGreaterThan(10);
  const found = await rowsOf(
    database,
    sql`SELECT c.id, c.status, c.order_id, c.limit_order_id, c.trigger_trade_id, c.above, c.trigger_price,
        t.price AS trade_price, l.status AS leg_status, l.filled_qty AS leg_filled,
        (SELECT count(*) FROM spot_orders o WHERE o.hold_id = c.hold_id) AS orders
      FROM spot_conditional_orders c JOIN spot_orders l ON l.id = c.limit_order_id
      LEFT JOIN spot_trades t ON t.id = c.trigger_trade_id
      WHERE c.id = ANY(${sql.param([...ocos.keys()])}::bigint[])`,
  );
  expect(found.length).toBe(ocos.size);
  let ended = 0;
  for (const r of found) {
    const legTraded = Number(r.leg_filled) > 0;
    const byLimit = r.order_id !== null && Number(r.order_id) === Number(r.limit_order_id);
    const shape = [r.status, byLimit, legTraded, Number(r.orders)];
    if (r.status === 'waiting') {
      expect(shape).toEqual(['waiting', false, false, 1]);
      expect(['open', 'partial']).toContain(r.leg_status);
    } else if (r.status === 'triggered') {
      ended++;
      // Never both: a limit leg that traded is the only order on the hold; a fired stop's leg never traded.
      expect(shape).toEqual(byLimit ? ['triggered', true, true, 1] : ['triggered', false, false, 2]);
      const [price, trigger] = [Number(r.trade_price), Number(r.trigger_price)];
      if (!byLimit) expect(r.above ? price >= trigger : price <= trigger).toBe(true);
    } else {
      // Cancelled with its leg by self-trade prevention (a client's own order met its limit leg).
      expect(shape).toEqual(['cancelled', false, false, 1]);
    }
  }
  expect(ended).toBeGreaterThan(0);
}

async function verify(database: Database, { stops, ocos }: ReturnType<typeof load>): Promise<void> {
  await verifyOcos(database, ocos);
  expect(stops.size).toBeGreaterThan(20);
  const found = await rowsOf(
    database,
    sql`SELECT c.id, c.status, c.above, c.trigger_price, c.order_id, c.trigger_trade_id, t.price AS trade_price,
        (SELECT count(*) FROM spot_orders o WHERE o.hold_id = c.hold_id) AS orders,
        (SELECT count(*) FROM spot_orders o WHERE o.id = c.order_id) AS own_order
      FROM spot_conditional_orders c LEFT JOIN spot_trades t ON t.id = c.trigger_trade_id
      WHERE c.id = ANY(${sql.param([...stops.keys()])}::bigint[])`,
  );
  const stored = new Map(found.map((r) => [Number(r.id), r]));
  const lost = [...stops.keys()].filter((id) => !stored.has(id));
  expect(lost).toEqual([]);
  let triggered = 0;
  for (const r of found) {
    if (r.status === 'waiting') {
      expect([r.order_id, r.trigger_trade_id, Number(r.orders)]).toEqual([null, null, 0]);
    } else if (r.status === 'triggered') {
      triggered++;
      expect([Number(r.orders), Number(r.own_order)]).toEqual([1, 1]);
      const [price, trigger] = [Number(r.trade_price), Number(r.trigger_price)];
      expect(r.above ? price >= trigger : price <= trigger).toBe(true);
    }
  }
  expect(triggered).toBeGreaterThan(0);
  const core = new Trading({ db: database.db, now: () => new Date(), log: (err) => expect.fail(String(err)) });
  await core.start();
  try {
    expect(await tradingProblems(database.db, core)).toEqual([]);
  } finally {
    await core.stop();
  }
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

describe('stop orders and OCOs killed between triggers and fills', () => {
  onBothDatabases(
    'are waiting or triggered into one order (an OCO by one leg), never both, never lost',
    (target) => killDuringLoad(target, { users: CLIENTS, load, loaded, verify }),
    300_000,
  );
});
