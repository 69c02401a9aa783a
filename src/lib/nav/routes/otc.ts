import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { defined, idSearch, oneOf, positiveId, searchValidator } from '../search-kit';

/**
 * Views of the OTC page: the ads market, my orders, the merchant's application and ads, the ad
 * form (`id` to edit one). One order has its own route, `otc/order?id=`.
 */
export const OTC_VIEWS = ['market', 'orders', 'merchant', 'ad'] as const;
export type OtcView = (typeof OTC_VIEWS)[number];
export const OTC_SIDES = ['buy', 'sell'] as const;
export type OtcSide = (typeof OTC_SIDES)[number];
/** The coins OTC trades (the contract's OTC_COINS; the router does not import the contract). */
export const OTC_COIN_NAMES = ['USDT', 'BTC', 'ETH'] as const;
export type OtcCoinName = (typeof OTC_COIN_NAMES)[number];

export const otc = routeGroup(
  'otc',
  {
    otc: msg`OTC`,
    order: msg`OTC order`,
  },
  {
    otc: searchValidator<
      { view?: OtcView; id?: number; side?: OtcSide; coin?: OtcCoinName },
      { view: OtcView; id?: number; side: OtcSide; coin: OtcCoinName }
    >((raw) => ({
      view: oneOf(OTC_VIEWS, raw.view) ?? 'market',
      ...defined({ id: positiveId(raw.id) }),
      side: oneOf(OTC_SIDES, raw.side) ?? 'buy',
      coin: oneOf(OTC_COIN_NAMES, raw.coin) ?? 'USDT',
    })),
    order: idSearch(),
  },
);
