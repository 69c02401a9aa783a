import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast } from 'antd-mobile';
import { ApiError, requireLogin } from '@/lib/http';
import { mayHaveArrived } from '@/lib/idempotency';
import { settleSubmit } from './useSubmit';
import { moneyAction, renewUnlessMayHaveArrived } from './useMoneyAction';

vi.mock('antd-mobile', () => ({ Toast: { show: vi.fn() } }));
vi.mock('@/lib/http', async (original) => ({
  ...(await original<typeof import('@/lib/http')>()),
  requireLogin: vi.fn(() => true),
}));

/** A key like useIdempotencyKey's, without React. */
function fakeKey() {
  let n = 0;
  let key: string | null = null;
  return { current: () => (key ??= `k${++n}`), renew: () => void (key = null) };
}

/** What useMoneyAction's submit runs, minus the throttle and busy flag. */
function submitOf<A extends unknown[], R>(
  send: (key: string, ...args: A) => Promise<R>,
  done: (result: R, args: A) => unknown,
  options: { name: string; offlineMessage: string; login?: boolean },
) {
  const idem = fakeKey();
  const action = moneyAction(idem, send, done, options);
  return (...args: A) => settleSubmit(() => action(...args), { onApiError: renewUnlessMayHaveArrived(idem) });
}

const options = { name: 'test action', offlineMessage: 'You are offline.' };

beforeEach(() => vi.stubGlobal('navigator', { onLine: true }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(Toast.show).mockClear();
  vi.mocked(requireLogin).mockReset().mockReturnValue(true);
});

describe('mayHaveArrived', () => {
  it('is true only for a time-out or a lost connection', () => {
    expect(mayHaveArrived(new ApiError('network', 'x'))).toBe(true);
    expect(mayHaveArrived(new ApiError('timeout', 'x'))).toBe(true);
    expect(mayHaveArrived(new ApiError('error', 'Insufficient balance'))).toBe(false);
    expect(mayHaveArrived(new ApiError('http', 'x', 500))).toBe(false);
    expect(mayHaveArrived(new TypeError('bug'))).toBe(false);
  });
});

describe('money action', () => {
  it('sends with a key, hands the reply and the arguments to done, and starts the next action with a new key', async () => {
    const send = vi.fn((key: string, id: number) => Promise.resolve({ key, id }));
    const done = vi.fn();
    const submit = submitOf(send, done, options);
    await submit(7);
    await submit(8);
    expect(send.mock.calls).toEqual([
      ['k1', 7],
      ['k2', 8],
    ]);
    expect(done).toHaveBeenNthCalledWith(1, { key: 'k1', id: 7 }, [7]);
  });

  it('reuses the key after an answer that may have been lost, and renews it after a refusal', async () => {
    const replies = [new ApiError('timeout', 'x'), new ApiError('network', 'x'), new ApiError('error', 'no'), 'ok'];
    const send = vi.fn((_key: string) => {
      const reply = replies.shift();
      return reply instanceof ApiError ? Promise.reject(reply) : Promise.resolve(reply);
    });
    const done = vi.fn();
    const submit = submitOf(send, done, options);
    for (let i = 0; i < 4; i++) await submit();
    expect(send.mock.calls.map(([key]) => key)).toEqual(['k1', 'k1', 'k1', 'k2']);
    expect(done).toHaveBeenCalledOnce();
  });

  it('sends nothing offline and says so', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const send = vi.fn(() => Promise.resolve(1));
    await submitOf(send, vi.fn(), options)();
    expect(send).not.toHaveBeenCalled();
    expect(Toast.show).toHaveBeenCalledExactlyOnceWith({ content: 'You are offline.' });
  });

  it('asks a signed-out user to log in first unless told not to', async () => {
    vi.mocked(requireLogin).mockReturnValue(false);
    const send = vi.fn(() => Promise.resolve(1));
    await submitOf(send, vi.fn(), options)();
    expect(send).not.toHaveBeenCalled();
    await submitOf(send, vi.fn(), { ...options, login: false })();
    expect(send).toHaveBeenCalledOnce();
  });
});
