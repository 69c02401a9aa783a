import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/copytrade';
import { inTransaction } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { idempotent } from '../../plugins/idempotent';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { AppError } from '../../errors';
import { accountNumberOf } from '../../admin/repo';
import { audit } from '../../audit/index';
import { instrumentOf, markOf } from '../../positions/service';
import { leverSettings } from '../../positions/terms';
import * as repo from './repo';
import { apply, cancel, follow, review, selfHold } from './service';
import { applicationView, copyView, followView, traderTradeView, traderView } from './views';
import type { FollowRow } from '../../db/schema/index';

/** Closed trades shown on a trader's page. */
const CLOSED_SHOWN = 20;

export async function followRoutes(app: FastifyInstance): Promise<void> {
  const { db, market } = app.ctx;

  const markFor = (pairId: number) => markOf(market, instrumentOf(pairId));
  const follows = async (rows: FollowRow[]) => {
    const [names, figures] = await Promise.all([
      repo.namesOf(
        db,
        rows.map((r) => r.traderId),
      ),
      repo.followFigures(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((r) => followView(r, names.get(r.traderId) ?? '', figures.get(r.id)));
  };

  bindEndpoint(app, contract.followIndex, async (input, h) => {
    const userId = signedIn(h).user.id;
    const { rows, total } = await repo.traderPage(db, input);
    const mine = await repo.activeFollowsOf(
      db,
      userId,
      rows.map((r) => r.trader.userId),
    );
    const views = await follows([...mine.values()]);
    const byTrader = new Map(views.map((v) => [v.trader_user_id, v]));
    return paged(
      rows.map((t) => traderView(t, userId, byTrader.get(t.trader.userId) ?? null)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.followTraderDetail, async (input, h) => {
    const userId = signedIn(h).user.id;
    const trader = await repo.traderOf(db, input.trader_id);
    if (!trader) throw new AppError('follow_not_trader', { field: 'trader_id' });
    const mine = await repo.activeFollow(db, userId, trader.trader.userId);
    const [open, closed] = await Promise.all([
      repo.traderPositions(db, trader.trader.userId, ['open'], 100),
      repo.traderPositions(db, trader.trader.userId, ['closed'], CLOSED_SHOWN),
    ]);
    return {
      ...traderView(trader, userId, mine ? ((await follows([mine]))[0] ?? null) : null),
      open_trades: open.map((r) => traderTradeView(r, markFor(r.pairId))),
      closed_trades: closed.map((r) => traderTradeView(r, null)),
    };
  });

  bindEndpoint(app, contract.followFollow, async (input, h) => {
    const runOnce = idempotent(h);
    const userId = signedIn(h).user.id;
    const row = await runOnce(input, (tx, now) => follow(tx, userId, input, now));
    return (await follows([row]))[0]!;
  });

  bindEndpoint(app, contract.followCancel, async (input, h) => {
    const runOnce = idempotent(h);
    const userId = signedIn(h).user.id;
    const row = await runOnce(input, (tx, now) => cancel(tx, userId, input.id, now));
    return (await follows([row]))[0]!;
  });

  bindEndpoint(app, contract.followMyFollows, async (input, h) => {
    const userId = signedIn(h).user.id;
    const state = input.status === contract.FOLLOW_LIST_STATES.history ? 'cancelled' : 'following';
    const { rows, total } = await repo.followPage(db, userId, state, input);
    return paged(await follows(rows), total, input);
  });

  const copies = async (
    userId: number,
    current: boolean,
    input: { follow_id?: number | undefined; page: number; limit: number },
  ) => {
    const { rows, total } = await repo.copyPage(db, userId, current, { ...input, followId: input.follow_id });
    const names = await repo.namesOf(
      db,
      rows.map((r) => r.copy.traderId),
    );
    return paged(
      rows.map((r) => copyView(r, names.get(r.copy.traderId) ?? '', markFor)),
      total,
      input,
    );
  };
  bindEndpoint(app, contract.followCurrentTrade, (input, h) => copies(signedIn(h).user.id, true, input));
  bindEndpoint(app, contract.followHistoryTrade, (input, h) => copies(signedIn(h).user.id, false, input));

  bindEndpoint(app, contract.followSelfHolding, async (input, h) => {
    const runOnce = idempotent(h);
    const userId = signedIn(h).user.id;
    const copy = await runOnce(input, (tx, now) => selfHold(tx, userId, input.id, now));
    const [joined] = await repo.withPositions(db, [copy]);
    return copyView(joined!, await repo.nameOf(db, copy.traderId), markFor);
  });

  traderApplicationRoutes(app);
}

/** Applying to become a trader, and the console's review of applications. */
function traderApplicationRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;

  bindEndpoint(app, contract.followApply, async (input, h) => {
    const userId = signedIn(h).user.id;
    const now = h.ctx.now();
    return applicationView(await inTransaction(db, (tx) => apply(tx, userId, input.introduction, now)));
  });

  bindEndpoint(app, contract.followTerms, () => {
    // The same settings every copy opens and closes with (futures `leverSettings`).
    const terms = leverSettings.get();
    return { fee_rate: terms.fee_rate, overnight_rate: terms.overnight_rate, profit_share: '0', subscription_fee: '0' };
  });

  bindEndpoint(app, contract.followMyApplication, async (_input, h) => {
    const row = await repo.latestApplication(db, signedIn(h).user.id);
    return row ? applicationView(row) : null;
  });

  const adminView = async (row: Parameters<typeof applicationView>[0], accountNumber: string) => {
    const record = await repo.futuresRecord(db, row.userId);
    return {
      ...applicationView(row),
      account_number: accountNumber,
      closed_orders: record.closed,
      total_profit: record.profit,
    };
  };

  bindEndpoint(app, contract.adminFollowList, async (input) => {
    const { rows, total } = await repo.applicationPage(db, input.status, input);
    return paged(await Promise.all(rows.map((r) => adminView(r.app, r.accountNumber))), total, input);
  });

  bindEndpoint(app, contract.adminFollowReview, async (input, h) => {
    const adminId = signedIn(h).user.id;
    const now = h.ctx.now();
    const { after } = await inTransaction(db, async (tx) => {
      const result = await review(tx, adminId, input, now);
      await audit(tx, {
        adminId,
        action: `follow_application.${input.action}`,
        entity: 'follow_application',
        entityId: input.id,
        reason: input.reason,
        before: result.before,
        after: result.after,
        at: now,
      });
      return result;
    });
    return adminView(after, await accountNumberOf(db, after.userId));
  });
}
