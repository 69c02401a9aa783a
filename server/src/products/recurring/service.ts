/**
 * Recurring buys' rules: plans (create, pause, resume, delete, views), claiming due periods, and
 * running a claimed period's buy. No SQL here (repo.ts).
 */
import {
  DEFAULT_SLIPPAGE,
  MAX_PLANS,
  MAX_RUN_AMOUNT,
  MIN_RUN_AMOUNT,
  lastRunAtOrBefore,
  nextRunAfter,
  type RecurringConfig,
  type RecurringPeriod,
  type RecurringPlan,
  type RecurringRun,
  type Schedule,
  type SkipReason,
} from '@contract/recurring';
import { MAX_SLIPPAGE_PERCENT } from '@contract/trade';
import type { Db } from '../../db/client';
import type { RecurringPlanRow, RecurringRunRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { inTransaction, money, requestHash, toWire, type Tx } from '../../ledger/index';
import { CATALOG, type Instrument } from '../../market/catalog';
import type { MarketRuntime } from '../../market/runtime';
import { notify } from '../../push/notify';
import type { IdempotencyInput, StoredOrder } from '../../trading/types';
import {
  claimPeriod,
  countPlans,
  duePlans,
  finishRun,
  insertPlan,
  insertRun,
  lockUserPlans,
  pendingRuns,
  updatePlan,
  userPlanForUpdate,
  type PlanTotals,
} from './repo';

/** A market buy by quote amount through the spot order service (handed in by server/src/wiring.ts). */
export type MarketBuy = (req: {
  owner: number;
  pairId: number;
  quoteAmount: string;
  maxSlippage: string;
  idempotency: IdempotencyInput;
  now: number;
}) => Promise<StoredOrder>;

/** The scope of the buys' idempotency keys: no HTTP path has it. */
export const RUN_SCOPE = '/recurring/run';
/** Plans claimed and runs placed per job pass; the rest follow in the next minute's pass. */
const CLAIMS_PER_PASS = 500;
const RUNS_PER_PASS = 500;
/** Decimals of an average cost or run price, rounded up (never shown cheaper than it was). */
const PRICE_DECIMALS = 8;

const instrumentById = new Map(CATALOG.instruments.map((i) => [i.id, i]));

/** The pairs a plan may buy: spot coins quoted in USDT. */
export function recurringPairs(market: MarketRuntime): Instrument[] {
  return market.instruments().filter((i) => i.kind === 'spot' && i.quote.name === 'USDT');
}

export function configView(market: MarketRuntime): RecurringConfig {
  return {
    pairs: recurringPairs(market).map((i) => {
      const q = market.quote(i);
      return {
        currency_id: i.base.id,
        legal_id: i.quote.id,
        symbol: i.symbol,
        base: i.base.name,
        quote: i.quote.name,
        fee_rate: i.rules.fee_rate,
        price: q.stale || q.ts <= 0 ? null : q.now_price,
      };
    }),
    min_amount: MIN_RUN_AMOUNT,
    max_amount: MAX_RUN_AMOUNT,
    max_slippage: String(MAX_SLIPPAGE_PERCENT),
    default_slippage: DEFAULT_SLIPPAGE,
    max_plans: MAX_PLANS,
    plan_fee: '0',
  };
}

export const scheduleOf = (p: RecurringPlanRow): Schedule => ({
  period: p.period,
  weekday: p.weekday,
  month_day: p.monthDay,
  hour: p.hour,
});

/** spent / got, rounded up to PRICE_DECIMALS; null without anything got. */
function priceOf(spent: string | null, got: string | null): string | null {
  if (spent === null || got === null || money(got).isZero()) return null;
  return toWire(money(spent).div(money(got)).toDecimalPlaces(PRICE_DECIMALS, 0));
}

export function planView(p: RecurringPlanRow, totals: PlanTotals | undefined): RecurringPlan {
  const inst = instrumentById.get(p.pairId)!;
  const spent = totals ? toWire(totals.spent) : '0';
  const got = totals ? toWire(totals.got) : '0';
  return {
    id: p.id,
    currency_id: inst.base.id,
    legal_id: inst.quote.id,
    symbol: inst.symbol,
    base: inst.base.name,
    quote: inst.quote.name,
    amount: toWire(p.amount),
    period: p.period,
    weekday: p.weekday,
    month_day: p.monthDay,
    hour: p.hour,
    max_slippage: toWire(p.maxSlippage),
    status: p.status === 'paused' ? 'paused' : 'active',
    next_run_at: p.status === 'active' && p.nextRunAt ? p.nextRunAt.getTime() : null,
    total_spent: spent,
    total_got: got,
    average_cost: priceOf(spent, got),
    runs_done: totals?.done ?? 0,
    runs_skipped: totals?.skipped ?? 0,
    created_at: p.createdAt.getTime(),
  };
}

export function runView(r: RecurringRunRow): RecurringRun {
  const wire = (v: string | null) => (v === null ? null : toWire(v));
  return {
    id: r.id,
    period_at: r.periodAt.getTime(),
    status: r.status,
    reason: r.reason,
    spent: wire(r.spent),
    got: wire(r.got),
    price: priceOf(r.spent, r.got),
    fee: wire(r.fee),
    order_id: r.orderId,
    created_at: r.createdAt.getTime(),
    finished_at: r.finishedAt?.getTime() ?? null,
  };
}

export interface NewPlanInput {
  userId: number;
  currencyId: number;
  legalId: number;
  amount: string;
  period: RecurringPeriod;
  weekday: number | undefined;
  monthDay: number | undefined;
  hour: number;
  maxSlippage: string;
  now: Date;
}

/** Creates a plan after its pair, amount and the user's plan cap are checked. */
export async function createPlan(tx: Tx, market: MarketRuntime, input: NewPlanInput): Promise<RecurringPlanRow> {
  const inst = recurringPairs(market).find((i) => i.base.id === input.currencyId && i.quote.id === input.legalId);
  if (!inst) throw new AppError('pair_not_found', { field: 'currency_id' });
  if (money(input.amount).lt(MIN_RUN_AMOUNT)) {
    throw new AppError('amount_below_minimum', { field: 'amount', values: { minimum: MIN_RUN_AMOUNT } });
  }
  if (money(input.amount).gt(MAX_RUN_AMOUNT)) {
    throw new AppError('amount_above_maximum', {
      field: 'amount',
      values: { maximum: MAX_RUN_AMOUNT, currency: inst.quote.name },
    });
  }
  await lockUserPlans(tx, input.userId);
  if ((await countPlans(tx, input.userId)) >= MAX_PLANS) {
    throw new AppError('recurring_plan_limit', { values: { max: MAX_PLANS } });
  }
  const schedule: Schedule = {
    period: input.period,
    weekday: input.weekday ?? null,
    month_day: input.monthDay ?? null,
    hour: input.hour,
  };
  return insertPlan(tx, {
    userId: input.userId,
    pairId: inst.id,
    amount: input.amount,
    period: input.period,
    weekday: schedule.weekday,
    monthDay: schedule.month_day,
    hour: input.hour,
    maxSlippage: input.maxSlippage,
    status: 'active',
    nextRunAt: new Date(nextRunAfter(schedule, input.now.getTime())),
    lastPeriod: null,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

export type PlanChange = 'pause' | 'resume' | 'delete';

/**
 * Pauses, resumes or deletes the user's plan under its row lock. Resuming schedules the first
 * time after now: the paused periods are not made up. Another user's id is `record_not_found`.
 */
export async function changePlan(
  tx: Tx,
  userId: number,
  id: number,
  change: PlanChange,
  now: Date,
): Promise<RecurringPlanRow> {
  const plan = await userPlanForUpdate(tx, userId, id);
  if (!plan) throw new AppError('record_not_found', { field: 'id' });
  if (change === 'pause') {
    if (plan.status === 'paused') return plan;
    return updatePlan(tx, id, { status: 'paused', nextRunAt: null, updatedAt: now });
  }
  if (change === 'resume') {
    if (plan.status === 'active') return plan;
    const next = new Date(nextRunAfter(scheduleOf(plan), now.getTime()));
    return updatePlan(tx, id, { status: 'active', nextRunAt: next, updatedAt: now });
  }
  return updatePlan(tx, id, { status: 'deleted', nextRunAt: null, updatedAt: now });
}

/**
 * Claims the period of every plan due by `now`: the latest scheduled time at or before now (after
 * downtime, one run however many periods passed), with a pending run row. The claim is the
 * plan's conditional update, so a parallel or repeated pass claims each period once.
 */
export async function claimDue(tx: Tx, now: Date): Promise<number> {
  let claimed = 0;
  for (const plan of await duePlans(tx, now, CLAIMS_PER_PASS)) {
    const schedule = scheduleOf(plan);
    const period = new Date(lastRunAtOrBefore(schedule, now.getTime()));
    const next = new Date(nextRunAfter(schedule, now.getTime()));
    if (!(await claimPeriod(tx, plan, period, next, now))) continue;
    await insertRun(tx, plan, period, now);
    claimed += 1;
  }
  return claimed;
}

/** The key of a period's buy: the same for every attempt at it, and no other run's. */
export const runKey = (planId: number, periodAt: Date) => `recurring:${planId}:${periodAt.getTime()}`;

/** What a refusal of the order service means for the run; undefined: try again later. */
function reasonOf(err: unknown): SkipReason | undefined {
  if (!(err instanceof AppError) || err.status >= 500) return undefined;
  switch (err.key) {
    case 'insufficient_balance':
      return 'insufficient_balance';
    case 'slippage_exceeded':
      return 'slippage_exceeded';
    case 'price_stale':
    case 'market_closed':
      return 'no_price';
    default:
      return 'rejected';
  }
}

export interface RunDeps {
  db: Db;
  buy: MarketBuy;
  now: () => Date;
  onError: (err: unknown) => void;
}

type Outcome = { status: 'done'; order: StoredOrder } | { status: 'skipped'; reason: SkipReason; order?: StoredOrder };

async function attempt(deps: RunDeps, run: RecurringRunRow, plan: RecurringPlanRow): Promise<Outcome | undefined> {
  const body = { plan: plan.id, period: run.periodAt.getTime(), pair: plan.pairId, amount: plan.amount };
  const key = runKey(plan.id, run.periodAt);
  try {
    const order = await deps.buy({
      owner: plan.userId,
      pairId: plan.pairId,
      quoteAmount: toWire(plan.amount),
      maxSlippage: toWire(plan.maxSlippage),
      idempotency: { key, hash: requestHash(RUN_SCOPE, body), scope: RUN_SCOPE },
      now: deps.now().getTime(),
    });
    if (money(order.filledQty).isZero()) return { status: 'skipped', reason: 'no_liquidity', order };
    return { status: 'done', order };
  } catch (err) {
    const reason = reasonOf(err);
    if (reason === undefined) {
      // A failed batch or a fault: the run stays pending and the next pass retries with the same key.
      deps.onError(err);
      return undefined;
    }
    return { status: 'skipped', reason };
  }
}

/**
 * Places the buy of every pending run and records its outcome with a notice, each once: the buy
 * carries the period's key (a second attempt replays the first order), and the outcome is a
 * conditional update of the still-pending run in the transaction of the notice.
 */
export async function runPending(deps: RunDeps): Promise<number> {
  let finished = 0;
  for (const { run, plan } of await pendingRuns(deps.db, RUNS_PER_PASS)) {
    const outcome = await attempt(deps, run, plan);
    if (!outcome) continue;
    const now = deps.now();
    const inst = instrumentById.get(plan.pairId)!;
    const done = await inTransaction(deps.db, async (tx) => {
      const order = outcome.order;
      const row = await finishRun(tx, run.id, {
        status: outcome.status,
        reason: outcome.status === 'skipped' ? outcome.reason : null,
        orderId: order?.id ?? null,
        spent: outcome.status === 'done' ? order!.filledValue : null,
        got: outcome.status === 'done' ? order!.filledQty : null,
        fee: outcome.status === 'done' ? order!.fee : null,
        finishedAt: now,
      });
      if (!row) return false;
      await notify(
        tx,
        plan.userId,
        {
          type: 'trade.recurring',
          plan_id: plan.id,
          pair: inst.symbol,
          result: outcome.status === 'done' ? 'bought' : 'skipped',
          reason: outcome.status === 'skipped' ? outcome.reason : null,
          spent: outcome.status === 'done' ? toWire(order!.filledValue) : toWire(plan.amount),
          got: outcome.status === 'done' ? toWire(order!.filledQty) : '0',
          base: inst.base.name,
          quote: inst.quote.name,
        },
        now,
      );
      return true;
    });
    if (done) finished += 1;
  }
  return finished;
}
