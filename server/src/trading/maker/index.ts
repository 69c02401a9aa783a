import type { AppContext } from '../../context';
import { createMarketMaker, databaseStore, type MarketMaker } from './maker';

export { createMarketMaker, type MarketMaker } from './maker';
export type { MakerTermsSource } from './terms';

export interface MakerRunOptions {
  /** Tests call `step()` themselves instead of the one-second timer. */
  manual?: boolean;
  onError?: (err: unknown) => void;
  /** Receives the maker once started (tests step it). */
  ready?: (maker: MarketMaker) => void;
}

/**
 * The app's market maker from `config.maker` (none when absent): funded by the house in demo
 * mode, started after the trading core. Returns it for `/coin/book`'s published terms.
 */
export async function startMaker(ctx: AppContext, options: MakerRunOptions = {}): Promise<MarketMaker | undefined> {
  const { config } = ctx;
  const trading = ctx.spot.committing;
  if (!config.maker || !trading) return undefined;
  const maker = createMarketMaker({
    config: config.maker,
    // The process's own core, for the pairs it owns: its quotes never wait on another process.
    trading,
    holds: (pairId) => ctx.spot.holds(pairId),
    market: ctx.market,
    store: databaseStore(ctx.db),
    now: ctx.now,
    fund: config.mode === 'demo',
    manual: options.manual ?? false,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  await maker.start();
  options.ready?.(maker);
  return maker;
}
