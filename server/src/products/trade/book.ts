import type { BookSource, MarketRuntime } from '../../market/runtime';
import type { TradingCore } from '../../trading/types';
import { publicTradeView } from './service';

/**
 * Puts the real order book behind the market data: `/currency/detail`, `market_depth` and
 * `match_trade` show its levels and trades, republished (throttled like every stream) after each
 * committed batch that changed a pair. Returns the unsubscribe function.
 */
export function connectBook(market: MarketRuntime, trading: TradingCore): () => void {
  const source: BookSource = {
    depth: (pairId, levels) => trading.depth(pairId, levels),
    recentTrades: (pairId, count) => trading.recentTrades(pairId, count).map(publicTradeView),
  };
  market.attachBook(source);
  return trading.onCommitted((batch) => market.bookChanged(batch.pairId, batch.trades.length > 0));
}
