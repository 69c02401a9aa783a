import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/recurring';
import { AppError } from '../../errors';
import { inTransaction } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { bindEndpoint, signedIn, type HandlerContext } from '../../plugins/contract';
import { idempotent } from '../../plugins/idempotent';
import { planRuns, planTotals, userPlan, userPlans } from './repo';
import { changePlan, configView, createPlan, planView, runView, type PlanChange } from './service';

export async function recurringRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  const viewOf = async (plan: Parameters<typeof planView>[0]) =>
    planView(plan, (await planTotals(ctx.db, [plan.id])).get(plan.id));

  bindEndpoint(app, contract.recurringConfig, () => configView(ctx.market));

  bindEndpoint(app, contract.recurringList, async (_input, h) => {
    const plans = await userPlans(ctx.db, signedIn(h).user.id);
    const totals = await planTotals(
      ctx.db,
      plans.map((p) => p.id),
    );
    return plans.map((p) => planView(p, totals.get(p.id)));
  });

  bindEndpoint(app, contract.recurringDetail, async (input, h) => {
    const plan = await userPlan(ctx.db, signedIn(h).user.id, input.id);
    // Another user's plan answers exactly as a missing one.
    if (!plan) throw new AppError('record_not_found', { field: 'id' });
    const { rows, total } = await planRuns(ctx.db, plan.id, input);
    return { plan: await viewOf(plan), runs: paged(rows.map(runView), total, input) };
  });

  bindEndpoint(app, contract.recurringCreate, async (input, h) => {
    const userId = signedIn(h).user.id;
    const runOnce = idempotent(h);
    const plan = await runOnce(input, async (tx, now) =>
      planView(
        await createPlan(tx, ctx.market, {
          userId,
          currencyId: input.currency_id,
          legalId: input.legal_id,
          amount: input.amount,
          period: input.period,
          weekday: input.weekday,
          monthDay: input.month_day,
          hour: input.hour,
          maxSlippage: input.max_slippage,
          now,
        }),
        undefined,
      ),
    );
    return plan;
  });

  const change = (action: PlanChange) => async (input: { id: number }, h: HandlerContext) => {
    const userId = signedIn(h).user.id;
    const plan = await inTransaction(ctx.db, (tx) => changePlan(tx, userId, input.id, action, ctx.now()));
    return viewOf(plan);
  };
  bindEndpoint(app, contract.recurringPause, change('pause'));
  bindEndpoint(app, contract.recurringResume, change('resume'));
  bindEndpoint(app, contract.recurringDelete, async (input, h) => {
    await change('delete')(input, h);
    return { id: input.id };
  });
}
