import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfo } from '@contract/auth';
import { configureHttp, resetHttpConfig } from '../http';
import { appStore, userAtom } from '../state';
import { refreshUser, userInfoEndpoint } from '.';

afterEach(() => {
  resetHttpConfig();
  appStore.set(userAtom, null);
});

describe('user refresh', () => {
  it('calls the contract endpoint', () => {
    expect({ method: userInfoEndpoint.method, path: userInfoEndpoint.path }).toEqual({
      method: userInfo.method,
      path: userInfo.path,
    });
  });

  it("stores the server's user for every screen", async () => {
    const user = { id: 7, email: 'a@b.co' };
    const fetch = vi.fn(async () => Response.json({ type: 'ok', message: user }));
    configureHttp({
      baseUrl: 'http://test.local/api',
      fetch,
      getToken: () => 'tok',
      getLang: () => 'en',
      toast: vi.fn(),
    });
    await expect(refreshUser()).resolves.toEqual(user);
    expect(appStore.get(userAtom)).toEqual(user);
  });
});
