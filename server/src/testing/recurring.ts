/** Recurring buys' test helpers: the run dependencies the app's job uses, for calling its steps directly. */
import type { TestApp } from './app';
import { placeMarketBuy } from '../products/trade/service';
import type { RunDeps } from '../products/recurring/service';

export function recurringDeps(t: TestApp, onError: (err: unknown) => void = () => undefined): RunDeps {
  const { ctx } = t.app;
  return {
    db: ctx.db,
    buy: (req) => placeMarketBuy(ctx.market, ctx.trading, req),
    now: ctx.now,
    onError,
  };
}
