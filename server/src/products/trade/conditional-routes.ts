import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/conditional';
import { idempotencyKeyOf, requestHash } from '../../ledger/index';
import { bindEndpoint, signedIn, type HandlerContext } from '../../plugins/contract';
import type { IdempotencyInput } from '../../trading/types';
import { conditionalRequest, conditionalView } from './conditional';
import { userConditionals } from './repo';
import { pairIdsOf, pairOf, withAvailable } from './service';

function idempotencyOf(h: HandlerContext, body: unknown): IdempotencyInput {
  const key = idempotencyKeyOf(h.req);
  const scope = h.endpoint.path;
  return { key, hash: requestHash(scope, body), scope };
}

/** Stop-limit, stop-market and trailing stop orders over the trading core. */
export function conditionalRoutes(app: FastifyInstance): void {
  const trading = () => app.ctx.trading;

  bindEndpoint(app, contract.placeConditional, async (input, h) => {
    const owner = signedIn(h).user.id;
    const idempotency = idempotencyOf(h, input);
    const inst = pairOf(app.ctx.market, input.currency_id, input.legal_id);
    const request = conditionalRequest(inst, input);
    try {
      return conditionalView(await trading().placeConditional({ ...request, owner, idempotency }));
    } catch (err) {
      throw withAvailable(err, inst, input.side);
    }
  });

  bindEndpoint(app, contract.cancelConditional, async (input, h) => {
    const owner = signedIn(h).user.id;
    const idempotency = idempotencyOf(h, input);
    return conditionalView(await trading().cancelConditional(owner, input.id, idempotency));
  });

  bindEndpoint(app, contract.conditionalList, (input, h) =>
    userConditionals(h.ctx.db, signedIn(h).user.id, {
      status: input.status,
      pairIds: pairIdsOf(input.currency_id, input.legal_id),
      page: input.page,
      limit: input.limit,
    }),
  );
}
