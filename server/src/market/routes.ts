import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/market';
import { AppError } from '../errors';
import { bindEndpoint } from '../plugins/contract';
import { shared } from '../plugins/shared-reply';
import * as service from './service';

export async function marketRoutes(app: FastifyInstance): Promise<void> {
  const market = () => app.ctx.market;

  bindEndpoint(app, contract.currencyList, ({ type }) => service.currencies(market(), type));
  // One board per tick: serialized and compressed once for every request of the tick.
  bindEndpoint(app, contract.quotationNew, () => shared(service.quotation(market())));
  bindEndpoint(app, contract.marketSearch, ({ keyword }) => service.search(market(), keyword));
  bindEndpoint(app, contract.hotSearch, () => service.hot(market()));

  bindEndpoint(app, contract.marketDetail, ({ symbol }) => {
    const inst = service.instrument(market(), symbol);
    const { bids, asks, trades } = market().detail(inst);
    return {
      quote: market().quote(inst),
      bids,
      asks,
      trades: trades.map(({ price, amount, direction, ts }) => ({ price, amount, direction, ts })),
    };
  });

  bindEndpoint(app, contract.newTimeshar, ({ symbol, period, from, to }) => {
    const inst = service.instrument(market(), symbol);
    if (from > to) throw new AppError('field_invalid', { field: 'from' });
    return market().candles(inst, period, from, to);
  });
}
