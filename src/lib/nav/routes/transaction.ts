import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { defined, matching, oneOf, searchValidator, symbolSearch, DEFAULT_SYMBOL, SYMBOL } from '../search-kit';

/** The side the spot trade form opens on (a pair page's Buy or Sell leads there). */
export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

/** Tabs of the trade screen (SPEC.md section 2: favorites, coins, futures, stock). */
export const TRADE_TABS = ['favorites', 'coin', 'futures', 'stock'] as const;
export type TradeTab = (typeof TRADE_TABS)[number];

/** Tabs of the spot orders page (SPEC.md section 4, "Entrust: in progress, complete"), then stop orders. */
export const ENTRUST_TABS = ['in_progress', 'complete', 'conditional'] as const;
export type EntrustTab = (typeof ENTRUST_TABS)[number];

/** Tabs of the seconds-contract orders page (SPEC.md section 4, "Seconds orders: holding, history"). */
export const SECONDS_ORDER_TABS = ['holding', 'history'] as const;
export type SecondsOrderTab = (typeof SECONDS_ORDER_TABS)[number];

/** Tabs of the futures orders page: open positions, pending (limit) orders, closed history. */
export const FUTURES_ORDER_TABS = ['positions', 'pending', 'history'] as const;
export type FuturesOrderTab = (typeof FUTURES_ORDER_TABS)[number];

export const transaction = routeGroup(
  'transaction',
  {
    index: msg`Trade`,
    index2: msg`Options`,
    currency: msg`Spot trading`,
    currency_order: msg`Spot orders`,
    contract: msg`Futures`,
    contract_order: msg`Futures orders`,
    seconds_order: msg`Options orders`,
  },
  {
    index: searchValidator<{ tab?: TradeTab }, { tab?: TradeTab }>((raw) =>
      defined({ tab: oneOf(TRADE_TABS, raw.tab) }),
    ),
    currency: searchValidator<{ symbol?: string; side?: OrderSide }, { symbol: string; side?: OrderSide }>((raw) => ({
      symbol: matching(SYMBOL, raw.symbol) ?? DEFAULT_SYMBOL,
      ...defined({ side: oneOf(ORDER_SIDES, raw.side) }),
    })),
    currency_order: searchValidator<{ symbol?: string; state?: EntrustTab }, { symbol?: string; state: EntrustTab }>(
      (raw) => ({
        ...defined({ symbol: matching(SYMBOL, raw.symbol) }),
        state: oneOf(ENTRUST_TABS, raw.state) ?? 'in_progress',
      }),
    ),
    index2: symbolSearch(),
    seconds_order: searchValidator<
      { symbol?: string; state?: SecondsOrderTab },
      { symbol?: string; state: SecondsOrderTab }
    >((raw) => ({
      ...defined({ symbol: matching(SYMBOL, raw.symbol) }),
      state: oneOf(SECONDS_ORDER_TABS, raw.state) ?? 'holding',
    })),
    contract: symbolSearch(),
    contract_order: searchValidator<
      { symbol?: string; tab?: FuturesOrderTab },
      { symbol?: string; tab: FuturesOrderTab }
    >((raw) => ({
      ...defined({ symbol: matching(SYMBOL, raw.symbol) }),
      tab: oneOf(FUTURES_ORDER_TABS, raw.tab) ?? 'positions',
    })),
  },
);
