import { beforeEach, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('@/lib/http', async () => ({
  call,
  endpointRef: (method: string, path: string) => ({ method, path }),
  earlyRequest: (await vi.importActual<typeof import('@/lib/http/early')>('@/lib/http/early')).earlyRequest,
}));

beforeEach(() => {
  vi.resetModules();
  call.mockReset();
  let n = 0;
  call.mockImplementation(() => Promise.resolve([{ reply: ++n }]));
});

it('hands the request started at start-up to the first fetch, and only to it', async () => {
  const { fetchQuotation, prefetchQuotation } = await import('./quotation');
  const early = prefetchQuotation();
  expect(prefetchQuotation()).toBe(early);
  expect(call).toHaveBeenCalledTimes(1);
  expect(fetchQuotation()).toBe(early);
  await early;
  await expect(fetchQuotation()).resolves.toEqual([{ reply: 2 }]);
  expect(call).toHaveBeenCalledTimes(2);
});

it('shares one request among the fetches made while it is out, and sends a new one after', async () => {
  const { fetchQuotation } = await import('./quotation');
  const first = fetchQuotation();
  expect(fetchQuotation()).toBe(first);
  expect(fetchQuotation()).toBe(first);
  await expect(first).resolves.toEqual([{ reply: 1 }]);
  await expect(fetchQuotation()).resolves.toEqual([{ reply: 2 }]);
  expect(call).toHaveBeenCalledTimes(2);
});

it('sends its own request when nothing was started early', async () => {
  const { fetchQuotation } = await import('./quotation');
  await expect(fetchQuotation()).resolves.toEqual([{ reply: 1 }]);
  expect(call).toHaveBeenCalledWith({ method: 'GET', path: '/currency/quotation_new' }, {}, { silent: true });
});

it('hands a failed early request over too: the page shows its stored quotes and their time', async () => {
  call.mockImplementationOnce(() => Promise.reject(new Error('offline')));
  const { fetchQuotation, prefetchQuotation } = await import('./quotation');
  const early = prefetchQuotation();
  const taken = fetchQuotation();
  expect(taken).toBe(early);
  await expect(taken).rejects.toThrow('offline');
  await expect(fetchQuotation()).resolves.toEqual([{ reply: 1 }]);
});
