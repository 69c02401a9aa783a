import type { FastifyInstance } from 'fastify';
import { makerAdminRoutes } from './admin-routes';
import { conditionalRoutes } from './conditional-routes';
import * as contract from '@contract/trade';
import { ORDER_EVENT } from '@contract/user-events';
import { AppError } from '../../errors';
import { idempotencyKeyOf, requestHash } from '../../ledger/index';
import { sessionOf } from '../../market/market-hours';
import { bindEndpoint, signedIn, type HandlerContext } from '../../plugins/contract';
import type { MakerTermsSource } from '../../trading/maker/terms';
import type { IdempotencyInput } from '../../trading/types';
import { connectBook } from './book';
import { orderEvents } from './events';
import { userOrder, userOrders } from './repo';
import { orderRequest, orderView, pairIdsOf, pairOf, publicTradeView, withAvailable } from './service';

export interface TradeOptions {
  /** The house market maker's published terms per pair, when there is a maker. */
  maker?: MakerTermsSource;
}

const BOOK_LEVELS = 20;
/** Refusals that depend on the moment, not on the request. */
const MOMENT_REFUSALS = new Set(['market_closed', 'price_stale']);
const BOOK_TRADES = 30;

/** The `Idempotency-Key` header, read before anything else, with the body's hash and the path. */
function idempotencyOf(h: HandlerContext, body: unknown): IdempotencyInput {
  const key = idempotencyKeyOf(h.req);
  const scope = h.endpoint.path;
  return { key, hash: requestHash(scope, body), scope };
}

export async function tradeRoutes(app: FastifyInstance, options: TradeOptions = {}): Promise<void> {
  const { market } = app.ctx;
  const trading = () => app.ctx.trading;
  makerAdminRoutes(app, options.maker);
  conditionalRoutes(app);

  bindEndpoint(app, contract.placeOrder, async (input, h) => {
    const owner = signedIn(h).user.id;
    const idempotency = idempotencyOf(h, input);
    const inst = pairOf(market, input.currency_id, input.legal_id);
    let request;
    try {
      request = orderRequest(inst, input, market.quote(inst), h.ctx.now().getTime(), h.lang);
    } catch (err) {
      // A retry of an order accepted before the market closed or the price went stale replays it.
      const retried = err instanceof AppError && MOMENT_REFUSALS.has(err.key);
      const answer = retried ? await trading().answered(owner, idempotency) : undefined;
      if (answer) return orderView(answer);
      throw err;
    }
    try {
      return orderView(await trading().place({ ...request, owner, idempotency }));
    } catch (err) {
      throw withAvailable(err, inst, input.side);
    }
  });

  bindEndpoint(app, contract.cancelOrder, async (input, h) => {
    const owner = signedIn(h).user.id;
    const idempotency = idempotencyOf(h, input);
    return orderView(await trading().cancel(owner, input.id, idempotency));
  });

  bindEndpoint(app, contract.orderList, (input, h) =>
    userOrders(h.ctx.db, signedIn(h).user.id, {
      state: input.state,
      pairIds: pairIdsOf(input.currency_id, input.legal_id),
      side: input.side,
      page: input.page,
      limit: input.limit,
    }),
  );

  bindEndpoint(app, contract.orderDetail, async (input, h) => {
    const order = await userOrder(h.ctx.db, signedIn(h).user.id, input.id);
    // Another user's order answers exactly as a missing one: its existence is not revealed.
    if (!order) throw new AppError('order_not_found', { field: 'id' });
    return order;
  });

  bindEndpoint(app, contract.orderBook, (input, h) => {
    const inst = pairOf(market, input.currency_id, input.legal_id);
    const quote = market.quote(inst);
    const session = sessionOf(inst, h.ctx.now().getTime());
    const { bids, asks } = trading().depth(inst.id, BOOK_LEVELS);
    const maker = options.maker?.terms(inst);
    return {
      symbol: inst.symbol,
      rules: inst.rules,
      session: { open: session.open, opens_at: session.opens_at, stale: quote.stale },
      bids,
      asks,
      trades: trading().recentTrades(inst.id, BOOK_TRADES).map(publicTradeView),
      ...(maker ? { maker } : {}),
    };
  });

  // Sent by the process whose batch committed (every process hears the batches of the pairs it
  // does not own too, and would send each event once per process).
  const unsubscribeEvents =
    app.ctx.spot.committing?.onCommitted((batch) => {
      for (const { userId, event } of orderEvents(batch)) app.realtime.emitToUser(userId, ORDER_EVENT, event);
    }) ?? (() => undefined);
  const unsubscribeBook = connectBook(market, trading());
  app.addHook('onClose', async () => {
    unsubscribeEvents();
    unsubscribeBook();
  });
}
