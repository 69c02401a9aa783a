import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { login, logout, userInfo } from '@contract/auth';
import { getSetting } from '@contract/site';
import { pages, type NavTarget } from '../nav';
import { ApiError, call, configureHttp, requireLogin, resetHttpConfig, resetRedirects, slowRequests } from '.';

type Reply = { status?: number; body: unknown } | Error | 'hang';

function setup(reply: Reply, token = 'tok-123', lang = 'en') {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const effects = {
    toast: vi.fn<(m: string) => void>(),
    navigate: vi.fn<(target: NavTarget) => void>(),
    clearSession: vi.fn<() => void>(),
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    bodies.push(request.body ? await request.clone().text() : '');
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error)),
      );
    }
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const currentHref = () => '/pages/fund/withdraw';
  configureHttp({
    baseUrl: 'http://test.local/api',
    fetch,
    getToken: () => token,
    getLang: () => lang,
    currentHref,
    ...effects,
  });
  return { requests, bodies, ...effects };
}

/** Settles a call and returns its rejection (or fails the test if it resolved). */
async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const error = await p.then(
    () => expect.unreachable('expected the call to reject'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  resetRedirects();
  resetHttpConfig();
});

describe('requests', () => {
  it('sends a form-encoded POST with Authorization and lang, in the body and the query', async () => {
    const { requests, bodies } = setup({ body: { type: 'ok', message: 'the-token' } }, 'tok-123', 'th');
    await expect(call(login, { user_string: 'a@b.co', password: 'secret12' })).resolves.toBe('the-token');
    const req = requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('http://test.local/api/user/login?lang=th');
    expect(req.headers.get('authorization')).toBe('tok-123');
    expect(req.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    const body = new URLSearchParams(bodies[0]);
    expect(Object.fromEntries(body)).toEqual({ user_string: 'a@b.co', password: 'secret12', lang: 'th' });
  });

  it('puts GET fields and lang in the query, without a body', async () => {
    const { requests } = setup({ body: { type: 'ok', message: { keyword: 'k', value: 'v' } } });
    await call(getSetting, { keyword: 'about' });
    const url = new URL(requests[0]!.url);
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.body).toBeNull();
    expect(url.pathname).toBe('/api/getSetting');
    expect(Object.fromEntries(url.searchParams)).toEqual({ keyword: 'about', lang: 'en' });
  });

  it('omits Authorization without a token', async () => {
    const { requests } = setup({ body: { type: 'ok', message: 'x' } }, '');
    await call(logout);
    expect(requests[0]!.headers.has('authorization')).toBe(false);
  });

  it('accepts code == 1 as success, also as a string', async () => {
    setup({ body: { code: 1, message: 'fine' } });
    await expect(call(logout)).resolves.toBe('fine');
    setup({ body: { code: '1', message: 'also fine' } });
    await expect(call(logout)).resolves.toBe('also fine');
  });
});

describe('error catalogue', () => {
  it('999: toasts, clears the session, goes to login at 3 s and not before', async () => {
    const fx = setup({ body: { type: '999', message: 'Session expired' } });
    const error = await rejection(call(userInfo));
    expect(error.type).toBe('999');
    expect(error.message).toBe('Session expired');
    expect(fx.toast).toHaveBeenCalledWith('Session expired');
    expect(fx.clearSession).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(2999);
    expect(fx.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // Back to the page that was open once signed in again (issue 14).
    expect(fx.navigate).toHaveBeenCalledExactlyOnceWith({
      to: pages.common.login,
      search: { redirect: pages.fund.withdraw },
    });
  });

  it('999 from several calls at once redirects once', async () => {
    const fx = setup({ body: { type: '999', message: 'x' } });
    await Promise.allSettled([call(userInfo), call(userInfo), call(userInfo)]);
    vi.advanceTimersByTime(3000);
    expect(fx.navigate).toHaveBeenCalledOnce();
  });

  it.each(['998', '996'])('%s: toasts and opens the real-name page at 1.2 s', async (type) => {
    const fx = setup({ body: { type, message: 'Verify first' } });
    expect((await rejection(call(userInfo))).type).toBe(type);
    expect(fx.toast).toHaveBeenCalledWith('Verify first');
    expect(fx.clearSession).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1199);
    expect(fx.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fx.navigate).toHaveBeenCalledExactlyOnceWith({ to: pages.setting.real });
  });

  it('997: toasts and opens the add-email page at 1.2 s', async () => {
    const fx = setup({ body: { type: '997', message: 'Bind an email' } });
    expect((await rejection(call(userInfo))).type).toBe('997');
    expect(fx.toast).toHaveBeenCalledWith('Bind an email');
    vi.advanceTimersByTime(1199);
    expect(fx.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fx.navigate).toHaveBeenCalledExactlyOnceWith({ to: pages.setting.addEmail });
  });

  it('other types: toast the message and reject, no redirect', async () => {
    const fx = setup({ body: { type: 'error', message: 'Login failed' } });
    const error = await rejection(call(login, { user_string: 'a', password: 'b' }));
    expect(error).toMatchObject({ type: 'error', message: 'Login failed' });
    expect(fx.toast).toHaveBeenCalledExactlyOnceWith('Login failed');
    vi.advanceTimersByTime(10_000);
    expect(fx.navigate).not.toHaveBeenCalled();
    expect(fx.clearSession).not.toHaveBeenCalled();
  });

  it('silent calls skip the toast of plain failures but still run 999', async () => {
    const fx = setup({ body: { type: 'error', message: 'nope' } });
    await rejection(call(userInfo, {}, { silent: true }));
    expect(fx.toast).not.toHaveBeenCalled();
    const fx2 = setup({ body: { type: '999', message: 'gone' } });
    await rejection(call(userInfo, {}, { silent: true }));
    expect(fx2.clearSession).toHaveBeenCalledOnce();
  });

  it('rejects a non-200 reply even with an ok body', async () => {
    const fx = setup({ status: 500, body: { type: 'ok', message: 'looks fine' } });
    const error = await rejection(call(userInfo));
    expect(error).toMatchObject({ type: 'http', status: 500 });
    expect(fx.toast).toHaveBeenCalledOnce();
  });

  it('shows the envelope message of a 429', async () => {
    const fx = setup({ status: 429, body: { type: 'error', message: 'Too many requests' } });
    expect(await rejection(call(userInfo))).toMatchObject({ type: 'http', status: 429, message: 'Too many requests' });
    expect(fx.toast).toHaveBeenCalledWith('Too many requests');
  });

  it('a network failure toasts and rejects', async () => {
    const fx = setup(new TypeError('Failed to fetch'));
    expect((await rejection(call(userInfo))).type).toBe('network');
    expect(fx.toast).toHaveBeenCalledOnce();
  });

  it('times out after 60 s, not before', async () => {
    const fx = setup('hang');
    const pending = rejection(call(userInfo));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fx.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).type).toBe('timeout');
    expect(fx.toast).toHaveBeenCalledOnce();
  });

  it('counts as slow (the loading spinner) from 800 ms until it settles', async () => {
    setup('hang');
    const pending = rejection(call(userInfo));
    await vi.advanceTimersByTimeAsync(799);
    expect(slowRequests()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(slowRequests()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    await pending;
    expect(slowRequests()).toBe(0);
  });

  it('rejects a reply that is not an envelope', async () => {
    setup({ body: 'just text' });
    expect((await rejection(call(userInfo))).type).toBe('invalid');
  });
});

describe('requireLogin', () => {
  it('passes with a token, without side effects', () => {
    const fx = setup({ body: {} }, 'tok');
    expect(requireLogin()).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(fx.toast).not.toHaveBeenCalled();
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('without a token: says please log in first, login at 1.2 s', () => {
    const fx = setup({ body: {} }, '');
    expect(requireLogin()).toBe(false);
    expect(fx.toast).toHaveBeenCalledWith('Please log in first');
    vi.advanceTimersByTime(1199);
    expect(fx.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fx.navigate).toHaveBeenCalledExactlyOnceWith({
      to: pages.common.login,
      search: { redirect: pages.fund.withdraw },
    });
  });
});
