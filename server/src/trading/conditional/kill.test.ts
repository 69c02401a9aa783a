import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../../db/client';
import { checkInvariants } from '../../ledger/index';
import { Trading } from '../core';
import { killDuringLoad, LOAD_MS, onBothDatabases, postForm, rowsOf, runClients } from '../../testing/kill-load';
import type { Started } from '../../testing/kill-support';
import { tradingProblems } from '../../testing/trading';

/**
 * `kill -9` of the real server while some clients place stop orders and others trade through
 * their triggers over HTTP, then a restart: every acknowledged stop order is stored; each is either
 * waiting (its hold untouched, no order made of it, watched again by the restarted core) or
 * triggered (by a stored trade that reached its trigger, into exactly one stored order that holds
 * its funds), never both and never lost; holds equal the open orders and the ledger balances.
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
      const reply = await postForm<Acked>(server, token, '/coin/conditional/place', {
        ...BTC_USDT,
        kind: Math.random() < 0.5 ? 'stop_limit' : 'stop_market',
        side: buy ? 'buy' : 'sell',
        amount: buy ? '0.0002' : '0.0001',
        trigger_price: near(20),
        target_price: near(30),
      });
      if (reply.type === 'ok') stops.set(reply.message.id, reply.message);
    }
  });
  return { ...clients, stops, fills: () => fills };
}

async function loaded(l: ReturnType<typeof load>): Promise<void> {
  const started = Date.now();
  const enough = () => Date.now() - started >= LOAD_MS && l.stops.size > 20 && l.fills() > 5;
  while (!enough() && Date.now() - started < LOAD_LIMIT_MS) await new Promise((r) => setTimeout(r, 100));
}

async function verify(database: Database, { stops }: ReturnType<typeof load>): Promise<void> {
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

describe('stop orders killed between triggers and fills', () => {
  onBothDatabases(
    'are waiting or triggered into one order, never both, never lost',
    (target) => killDuringLoad(target, { users: CLIENTS, load, loaded, verify }),
    300_000,
  );
});
