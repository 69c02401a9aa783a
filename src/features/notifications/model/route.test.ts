import { describe, expect, it } from 'vitest';
import { pages } from '@/lib/nav';
import { routeTarget } from './route';

describe('routeTarget', () => {
  it('splits an in-app route into its path and search', () => {
    expect(routeTarget('/pages/nft/artworkDetail?id=3')).toEqual({
      to: pages.nft.artworkDetail,
      search: { id: '3' },
    });
    expect(routeTarget('/pages/setting/security')).toEqual({ to: pages.setting.security, search: {} });
    expect(routeTarget('/')).toEqual({ to: '/', search: {} });
  });

  it('refuses what is not a route of the app', () => {
    expect(routeTarget(undefined)).toBeUndefined();
    expect(routeTarget('/pages/nowhere/at_all')).toBeUndefined();
    expect(routeTarget('//evil.example/pages/fund/assets')).toBeUndefined();
    expect(routeTarget('https://evil.example/pages/fund/assets')).toBeUndefined();
  });
});
