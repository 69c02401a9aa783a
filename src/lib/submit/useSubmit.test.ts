import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { ApiError } from '../http';
import { toast } from '../toast';
import { apiErrorsShown, settleSubmit } from '.';

vi.mock('../toast', () => ({ toast: vi.fn(), TOAST_MS: 1500 }));

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

describe('settleSubmit', () => {
  it('resolves with the result of a successful action', async () => {
    await expect(settleSubmit(() => Promise.resolve(42))).resolves.toBe(42);
  });

  it('leaves API errors to the HTTP client, which showed them, and tells the form', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onApiError = vi.fn();
    const error = new ApiError('error', 'Wrong password');
    await expect(settleSubmit(() => Promise.reject(error), { onApiError })).resolves.toBeUndefined();
    expect(onApiError).toHaveBeenCalledWith(error);
    expect(log).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('logs and shows anything else instead of hiding it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bug = new TypeError('x is undefined');
    await expect(settleSubmit(() => Promise.reject(bug), { name: 'login' })).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('[login]', bug);
    expect(toast).toHaveBeenCalledExactlyOnceWith('Request failed');
  });
});

describe('apiErrorsShown', () => {
  it('ends API errors quietly and reports the rest', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handle = apiErrorsShown('refresh');
    expect(handle(new ApiError('network', 'offline'))).toBeUndefined();
    expect(log).not.toHaveBeenCalled();
    handle(new Error('boom'));
    expect(log).toHaveBeenCalledOnce();
  });
});
