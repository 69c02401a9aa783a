/**
 * Demo mode only: three labelled demo traders that trade futures through the real engine on the
 * simulated feed, so copy trading has someone to follow before staff approve anyone. Each is an
 * account nobody can sign in to (a random password never shown), funded from the demo faucet
 * through the ledger, approved through the same review as the console's (audited under the demo
 * reviewer), and marked `demo`. Their strategies are published in their introductions; their
 * statistics come from their own closed positions through `follow.trader_stats`, like anyone's.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CURRENCY_IDS } from '@contract/domain/instruments';
import type { LeverChangeKind } from '@contract/user-events';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { followTraders, leverPositions, users } from '../../db/schema/index';
import { audit } from '../../audit/index';
import { demoReviewerId } from '../../admin/demo-reviewer';
import { hashPassword } from '../../auth/passwords';
import { insertUser } from '../../auth/repo';
import { newInvitationCode } from '../../auth/service';
import { balanceOf, inTransaction, post, systemAccount, userAccount, type Tx } from '../../ledger/index';
import { pricesAt } from '../../market/price-history';
import type { Job, Period } from '../../scheduler/index';
import type { FuturesEngine } from '../../positions/engine';
import type { PositionRow } from '../../positions/repo';
import { closeAt, leverPairOf, markOf, submit, type SubmitInput } from '../../positions/service';
import { closeRecord } from '../../positions/records';
import { appendRecords } from '../../settlement-record/index';
import { D } from '../../positions/math';
import { apply, review } from './service';

const USDT = CURRENCY_IDS.USDT;
/** One seeding at a time, across processes sharing the database. */
const DEMO_TRADERS_LOCK = 'demo.traders';
/** What each demo trader's futures account starts with, from the demo faucet. */
export const DEMO_TRADER_FUNDS = '10000';
/** The moving average's length: the recorded prices of the last minutes. */
export const AVERAGE_MINUTES = 5;
/** Share of the futures balance a position's margin takes, and its leverage. */
const MARGIN_SHARE = '0.05';
const LEVERAGE = 10;
/** The holding strategy takes its profit at this gain on the entry price. */
const TAKE_PROFIT = '0.02';
const MINUTE_MS = 60_000;

type Strategy = 'trend' | 'revert' | 'hold';

export interface DemoTrader {
  email: string;
  nickname: string;
  symbol: string;
  strategy: Strategy;
  introduction: string;
}

/** The demo traders; their introductions say they are demo strategies and what they do. */
export const DEMO_TRADERS: readonly DemoTrader[] = [
  {
    email: 'demo-trader-trend@example.com',
    nickname: 'Demo Trend BTC',
    symbol: 'BTC/USDT',
    strategy: 'trend',
    introduction:
      'Demo strategy: trend following on BTC/USDT. Long while the price is above its 5-minute average, ' +
      'short while below; each position uses 5% of the balance as margin at 10x.',
  },
  {
    email: 'demo-trader-revert@example.com',
    nickname: 'Demo Reversion BTC',
    symbol: 'BTC/USDT',
    strategy: 'revert',
    introduction:
      'Demo strategy: mean reversion on BTC/USDT. Short while the price is above its 5-minute average, ' +
      'long while below; each position uses 5% of the balance as margin at 10x.',
  },
  {
    email: 'demo-trader-hold@example.com',
    nickname: 'Demo Hold ETH',
    symbol: 'ETH/USDT',
    strategy: 'hold',
    introduction:
      'Demo strategy: holds a long position on ETH/USDT and takes the profit at +2%, then opens again; ' +
      'each position uses 5% of the balance as margin at 10x.',
  },
];

/** A demo trader's account, funds, application and approval, in the caller's transaction. */
async function seedOne(tx: Tx, trader: DemoTrader, reviewerId: number, now: Date): Promise<number> {
  const password = randomBytes(24).toString('base64url');
  const user = await insertUser(tx as unknown as Db, {
    accountNumber: String(10_000_000 + (randomBytes(4).readUInt32BE() % 90_000_000)),
    email: trader.email,
    passwordHash: await hashPassword(password),
    nickname: trader.nickname,
    invitationCode: newInvitationCode(),
    createdAt: now,
    updatedAt: now,
  });
  await post(tx, {
    kind: 'demo_credit',
    reason: 'Demo funds for a demo trader',
    userId: user.id,
    demo: true,
    at: now,
    entries: [
      { account: systemAccount('demo_faucet', USDT), amount: `-${DEMO_TRADER_FUNDS}` },
      { account: userAccount(user.id, USDT, 'lever'), amount: DEMO_TRADER_FUNDS },
    ],
  });
  const application = await apply(tx, user.id, trader.introduction, now);
  const reason = 'Demo trader of the demo deployment, approved at start (demo mode)';
  const decided = await review(tx, reviewerId, { id: application.id, action: 'approve', reason }, now);
  await audit(tx, {
    adminId: reviewerId,
    action: 'follow_application.approve',
    entity: 'follow_application',
    entityId: application.id,
    reason,
    before: decided.before,
    after: decided.after,
    at: now,
  });
  await tx.update(followTraders).set({ demo: true }).where(eq(followTraders.userId, user.id));
  return user.id;
}

/**
 * Creates the demo traders that do not exist yet, under an advisory lock so processes starting
 * together create them once. Returns the demo traders' user ids by email (an address already
 * taken by an account that is not a demo trader is left out).
 */
export async function seedDemoTraders(db: Db, now: Date): Promise<Map<string, number>> {
  const reviewerId = await demoReviewerId(db, now);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${DEMO_TRADERS_LOCK}))`);
    const emails = DEMO_TRADERS.map((d) => d.email);
    const found = await tx
      .select({ id: users.id, email: users.email, demo: followTraders.demo })
      .from(users)
      .leftJoin(followTraders, eq(followTraders.userId, users.id))
      .where(inArray(users.email, emails));
    const ids = new Map<string, number>();
    for (const trader of DEMO_TRADERS) {
      const user = found.find((u) => u.email === trader.email);
      // An account of that address that is not a demo trader is someone's own: never traded for.
      if (user) {
        if (user.demo === true) ids.set(trader.email, user.id);
      } else {
        ids.set(trader.email, await seedOne(tx, trader, reviewerId, now));
      }
    }
    return ids;
  });
}

/** Long (1) or short (2) wanted now, `close` to take the profit, or null to keep what is held. */
export function wantedSide(
  strategy: Strategy,
  price: string,
  average: string | null,
  held: PositionRow | undefined,
): 1 | 2 | 'close' | null {
  if (strategy === 'hold') {
    if (!held) return 1;
    const target = new D(held.entryPrice).times(new D(1).plus(TAKE_PROFIT));
    // Taking the profit: the position closes now and opens again on the next pass.
    return new D(price).gte(target) ? 'close' : 1;
  }
  if (average === null) return null;
  const cmp = new D(price).comparedTo(average);
  if (cmp === 0) return null;
  const above = cmp > 0;
  if (strategy === 'trend') return above ? 1 : 2;
  return above ? 2 : 1;
}

/** The average of the recorded prices at each of the last `AVERAGE_MINUTES` minutes, or null. */
async function averageOf(tx: Tx, pairId: number, end: number): Promise<string | null> {
  const wanted = Array.from({ length: AVERAGE_MINUTES }, (_, k) => ({ pairId, t: end - (k + 1) * MINUTE_MS }));
  const found = await pricesAt(tx, wanted);
  if (found.size < AVERAGE_MINUTES) return null;
  const sum = [...found.values()].reduce((acc, p) => acc.plus(p.price), new D(0));
  return sum.div(AVERAGE_MINUTES).toFixed();
}

interface Changed {
  row: PositionRow;
  kind: LeverChangeKind;
}

/** Lots whose margin at `LEVERAGE` is `MARGIN_SHARE` of the balance, within the pair's limits. */
function lotsFor(balance: string, price: string, lotSize: string, minLots: number, maxLots: number): number {
  const margin = new D(balance).times(MARGIN_SHARE);
  const lots = margin.times(LEVERAGE).div(new D(lotSize).times(price)).floor().toNumber();
  return lots < minLots ? 0 : Math.min(lots, maxLots);
}

/** One trader's decision of a pass: closes what no longer fits and opens what is wanted. */
async function runTrader(
  ctx: AppContext,
  tx: Tx,
  trader: DemoTrader & { userId: number },
  period: Period,
  changed: Changed[],
): Promise<void> {
  const inst = ctx.market.find(trader.symbol);
  if (!inst) return;
  const mark = markOf(ctx.market, inst);
  // No live price yet (the feed has not priced the pair): nothing to decide on.
  if (!mark?.live) return;
  const { terms } = leverPairOf(ctx.market, inst.base.id, inst.quote.id);
  const [held] = await tx
    .select()
    .from(leverPositions)
    .where(
      and(
        eq(leverPositions.userId, trader.userId),
        eq(leverPositions.pairId, inst.id),
        eq(leverPositions.status, 'open'),
      ),
    )
    .limit(1);
  const average = trader.strategy === 'hold' ? null : await averageOf(tx, inst.id, period.end.getTime());
  const side = wantedSide(trader.strategy, mark.price, average, held);
  if (side === null || (held && held.side === side)) return;
  if (held) {
    const closed = await closeAt(tx, held.id, mark, 'user', period.end, { userId: trader.userId });
    if (closed) {
      await appendRecords(tx, [closeRecord(closed)]);
      changed.push({ row: closed, kind: 'closed' });
    }
  }
  // Taking the profit (`hold`): the next pass opens again.
  if (side === 'close') return;
  const { available } = await balanceOf(tx, trader.userId, USDT, 'lever');
  const share = lotsFor(available, mark.price, terms.lotSize, terms.minLots, terms.maxLots);
  if (share === 0) throw new Error(`demo trader ${trader.email}: balance ${available} too small for one lot`);
  const input = {
    currency_id: inst.base.id,
    legal_id: inst.quote.id,
    share,
    multiple: LEVERAGE,
    type: side,
    status: 1,
    coupon_id: 0,
  } as SubmitInput;
  changed.push({ row: await submit(tx, ctx.market, trader.userId, input, period.end), kind: 'opened' });
}

/**
 * The minute job: each demo trader's decision in a savepoint of its own, so a refusal
 * (insufficient balance, a stale price, the house's cap) is logged and skipped alone. The changes
 * are announced to the futures engine (triggers, copies to followers) once the period committed.
 */
export function demoTradersJob(
  ctx: AppContext,
  traders: (DemoTrader & { userId: number })[],
  futures: FuturesEngine,
  log: (err: unknown, message: string) => void,
): Job {
  let changed: Changed[] = [];
  return {
    name: 'follow.demo_traders',
    every: 'minute',
    catchUp: 'latest',
    run: async (tx, period) => {
      changed = [];
      for (const trader of traders) {
        const mine: Changed[] = [];
        try {
          await tx.transaction((sp) => runTrader(ctx, sp as unknown as Tx, trader, period, mine));
          changed.push(...mine);
        } catch (err) {
          log(err, `demo trader ${trader.email} skipped a decision`);
        }
      }
    },
    after: async () => {
      const done = changed;
      changed = [];
      for (const c of done) futures.changed(c.row, c.kind);
    },
  };
}

/**
 * Demo mode only (it refuses to start otherwise): seeds the demo traders and registers their
 * minute job (the scheduler's per-job lock runs each minute once across processes).
 */
export async function startDemoTraders(app: FastifyInstance, futures: FuturesEngine): Promise<void> {
  const { ctx } = app;
  if (ctx.config.mode !== 'demo') throw new Error('the demo traders run only in demo mode (APP_MODE=demo)');
  const ids = await seedDemoTraders(ctx.db, ctx.now());
  const traders = DEMO_TRADERS.flatMap((d) => {
    const userId = ids.get(d.email);
    return userId === undefined ? [] : [{ ...d, userId }];
  });
  const log = (err: unknown, message: string) => app.log.warn({ err }, message);
  ctx.scheduler.register(demoTradersJob(ctx, traders, futures, log));
}
