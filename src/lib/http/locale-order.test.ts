import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { getSetting } from '@contract/site';
import { ApiError, call, configureHttp, resetHttpConfig } from '.';

// This file never activates a language before its test: like main.tsx, whose first requests (the
// site config, the quotes) start before the stored language's catalog has loaded.
afterEach(() => resetHttpConfig());

describe('a request that fails before a language is active', () => {
  it('rejects with its message in the language activated afterwards, never with a Lingui error', async () => {
    expect(i18n.locale).toBeFalsy();
    const toast = vi.fn<(m: string) => void>();
    configureHttp({
      baseUrl: 'http://test.local/api',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      getToken: () => '',
      getLang: () => 'en',
      toast,
    });
    const outcome = call(getSetting, { keyword: 'site' }).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    // Offline, the fetch failed at once; the catalog is still loading.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(toast).not.toHaveBeenCalled();

    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ type: 'network', message: expect.stringMatching(/^Network error/) as unknown });
    expect(toast).toHaveBeenCalledWith((error as ApiError).message);
  });
});
