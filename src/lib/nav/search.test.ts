import { describe, expect, it } from 'vitest';
import { pages, ROUTE_PATHS, searchSchemas } from './paths';
import { isSafeRedirect } from './redirect';
import { loginTarget } from './target';

describe('route paths', () => {
  it('spell every path out and keep SPEC.md names', () => {
    expect(pages.fund.withdraw).toBe('/pages/fund/withdraw');
    expect(pages.nft['components/artist']).toBe('/pages/nft/components/artist');
    expect(new Set(ROUTE_PATHS).size).toBe(ROUTE_PATHS.length);
    expect(ROUTE_PATHS[0]).toBe('/');
  });
});

describe('search schemas', () => {
  it('read the coin selection target, recharge when absent or unknown', () => {
    const select = searchSchemas[pages.fund.select];
    expect(select.parse({ next: 'withdraw' })).toEqual({ next: 'withdraw' });
    expect(select.parse({})).toEqual({ next: 'receive' });
    expect(select.parse({ next: 'steal' })).toEqual({ next: 'receive' });
  });

  it('read the settings view (notification centre or its settings), none for anything else', () => {
    const setting = searchSchemas[pages.setting.setting];
    expect(setting.parse({ view: 'notifications' })).toEqual({ view: 'notifications' });
    expect(setting.parse({ view: 'notification_settings' })).toEqual({ view: 'notification_settings' });
    expect(setting.parse({ view: 'admin' })).toEqual({});
    expect(setting.parse({})).toEqual({});
  });

  it('read the customer-service view (the chat room), none for anything else', () => {
    const kefu = searchSchemas[pages.kefu.index];
    expect(kefu.parse({ view: 'chat' })).toEqual({ view: 'chat' });
    expect(kefu.parse({ view: '<b>' })).toEqual({});
  });

  it('read the OTC view, ad id, side and coin, falling back on the market; the order route its id', () => {
    const otc = searchSchemas[pages.otc.otc];
    expect(otc.parse({})).toEqual({ view: 'market', side: 'buy', coin: 'USDT' });
    expect(otc.parse({ view: 'ad', id: '12', side: 'sell', coin: 'BTC' })).toEqual({
      view: 'ad',
      id: 12,
      side: 'sell',
      coin: 'BTC',
    });
    expect(otc.parse({ view: 'admin', id: -1, side: 'x', coin: 'DOGE' })).toEqual({
      view: 'market',
      side: 'buy',
      coin: 'USDT',
    });
    expect(searchSchemas[pages.otc.order].parse({ id: '7' })).toEqual({ id: 7 });
    expect(searchSchemas[pages.otc.order].parse({ id: 'x' })).toEqual({});
  });

  it("default the quote screen to Bitcoin's pair", () => {
    const quote = searchSchemas[pages.quotation.index];
    expect(quote.parse({ symbol: 'ETH/USDT' }).symbol).toBe('ETH/USDT');
    expect(quote.parse({}).symbol).toBe('BTC/USDT');
    expect(quote.parse({ symbol: '<script>' }).symbol).toBe('BTC/USDT');
  });

  it('read the trading pair and the orders tab, falling back on anything else', () => {
    const currency = searchSchemas[pages.transaction.currency];
    expect(currency.parse({ symbol: 'AAPL/USD' })).toEqual({ symbol: 'AAPL/USD' });
    expect(currency.parse({ symbol: 'x' })).toEqual({ symbol: 'BTC/USDT' });
    expect(currency.parse({ symbol: 'ETH/USDT', side: 'sell' })).toEqual({ symbol: 'ETH/USDT', side: 'sell' });
    expect(currency.parse({ symbol: 'ETH/USDT', side: 'short' })).toEqual({ symbol: 'ETH/USDT' });
    const orders = searchSchemas[pages.transaction.currency_order];
    expect(orders.parse({ symbol: 'ETH/USDT', state: 'complete' })).toEqual({ symbol: 'ETH/USDT', state: 'complete' });
    expect(orders.parse({ state: 'everything' })).toEqual({ state: 'in_progress' });
    expect(orders.parse({ state: 'conditional' })).toEqual({ state: 'conditional' });
  });

  it('read the settlement record: one settlement, or the ticks of a pair at a feed time', () => {
    const rec = searchSchemas[pages.proof.record];
    expect(rec.parse({ ref: 'seconds:42' })).toEqual({ ref: 'seconds:42' });
    expect(rec.parse({ ref: 'lock_day:20420:7' })).toEqual({ ref: 'lock_day:20420:7' });
    expect(rec.parse({ ref: 'lock_day:1:2:3' })).toEqual({});
    expect(rec.parse({ tab: 'ticks', pair: 'BTC/USDT', at: '1700000000000' })).toEqual({
      tab: 'ticks',
      pair: 'BTC/USDT',
      at: 1_700_000_000_000,
    });
    expect(rec.parse({ tab: 'x', pair: '<b>', at: -5, ref: 'seconds' })).toEqual({});
    expect(rec.parse({ at: 1.5 })).toEqual({});
  });

  it('read the seconds-contract pair and the holding or history tab', () => {
    const seconds = searchSchemas[pages.transaction.index2];
    expect(seconds.parse({ symbol: 'ETH/USDT' })).toEqual({ symbol: 'ETH/USDT' });
    expect(seconds.parse({ symbol: '<b>' })).toEqual({ symbol: 'BTC/USDT' });
    const orders = searchSchemas[pages.transaction.seconds_order];
    expect(orders.parse({ state: 'history', symbol: 'BTC/USDT' })).toEqual({ state: 'history', symbol: 'BTC/USDT' });
    expect(orders.parse({ state: 'won' })).toEqual({ state: 'holding' });
  });

  it('accept invitation codes the router parsed as numbers', () => {
    const register = searchSchemas[pages.common.register];
    expect(register.parse({ code: 123456 })).toEqual({ code: '123456' });
    expect(register.parse({ extension_code: 'AB12', code: 'bad code!' })).toEqual({ extension_code: 'AB12' });
  });
});

describe('login redirect', () => {
  it('goes back only to registered in-app pages', () => {
    expect(isSafeRedirect('/pages/fund/withdraw')).toBe(true);
    expect(isSafeRedirect('/pages/quotation/index?symbol=ETH/USDT')).toBe(true);
    expect(isSafeRedirect('/')).toBe(true);
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/pages/nope/x',
      'pages/fund/withdraw',
    ]) {
      expect(isSafeRedirect(bad), bad).toBe(false);
    }
  });

  it('never returns to the sign-in screens', () => {
    expect(isSafeRedirect(pages.common.login)).toBe(false);
    expect(isSafeRedirect(`${pages.common.register}?code=1`)).toBe(false);
    expect(searchSchemas[pages.common.login].parse({ redirect: pages.common.login })).toEqual({});
  });

  it('drops an unsafe redirect rather than the login screen', () => {
    expect(searchSchemas[pages.common.login].parse({ redirect: 'https://evil.example' })).toEqual({});
    expect(loginTarget('/pages/setting/security')).toEqual({
      to: pages.common.login,
      search: { redirect: '/pages/setting/security' },
    });
    expect(loginTarget('//evil.example')).toEqual({ to: pages.common.login, search: {} });
  });
});
