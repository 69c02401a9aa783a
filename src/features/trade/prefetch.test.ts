import { beforeEach, expect, it, vi } from 'vitest';
import { orderBook } from '@contract/trade';

const call = vi.fn();
vi.mock('@/lib/http', async () => ({
  call,
  endpointRef: (method: string, path: string) => ({ method, path }),
  earlyRequestFor: (await vi.importActual<typeof import('@/lib/http/early')>('@/lib/http/early')).earlyRequestFor,
}));

const board = Promise.resolve([
  {
    legal_id: 3,
    legal_name: 'USDT',
    quotation: [
      { symbol: 'BTC/USDT', currency_id: 1, legal_id: 3 },
      { symbol: 'ETH/USDT', currency_id: 2, legal_id: 3 },
    ],
  },
  { legal_id: 50, legal_name: 'USD', quotation: [{ symbol: 'AAPL/USD', currency_id: 101, legal_id: 50 }] },
]) as never;

// The unit project runs in Node: a page's storage as a map.
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
});

beforeEach(() => {
  vi.resetModules();
  stored.clear();
  call.mockReset();
  let n = 0;
  call.mockImplementation((_ref: unknown, data: unknown) => Promise.resolve({ reply: ++n, data }));
});

const settle = () => new Promise((done) => setTimeout(done, 0));

it("asks for the book of the pair last traded in the address's section as soon as the board names it", async () => {
  localStorage.setItem('tradePairs', JSON.stringify({ favorites: '', coin: 'ETH/USDT', stock: 'AAPL/USD' }));
  const { prefetchTradeBook, takeBook } = await import('./prefetch');
  prefetchTradeBook(board, '#/pages/transaction/index');
  await settle();
  expect(call).toHaveBeenCalledTimes(1);
  expect(call.mock.calls[0]![0]).toEqual({ method: 'GET', path: '/coin/book' });
  await expect(takeBook(2, 3)).resolves.toEqual({ reply: 1, data: { currency_id: 2, legal_id: 3 } });
  // Taken once: the screen's next read is a request of its own.
  await expect(takeBook(2, 3)).resolves.toMatchObject({ reply: 2 });
});

it('opens the stock section on its default pair when none was traded', async () => {
  const { prefetchTradeBook, takeBook } = await import('./prefetch');
  prefetchTradeBook(board, '#/pages/transaction/index?tab=stock');
  await settle();
  await expect(takeBook(101, 50)).resolves.toMatchObject({ reply: 1 });
  expect(call).toHaveBeenCalledTimes(1);
});

it('leaves the early book to its own pair: another pair sends its own request', async () => {
  const { prefetchTradeBook, takeBook } = await import('./prefetch');
  prefetchTradeBook(board, '#/pages/transaction/index');
  await settle();
  await expect(takeBook(2, 3)).resolves.toMatchObject({ reply: 2, data: { currency_id: 2 } });
  expect(call).toHaveBeenCalledTimes(2);
});

it('asks for nothing on the favorites and futures sections or an unknown pair', async () => {
  const { prefetchTradeBook } = await import('./prefetch');
  prefetchTradeBook(board, '#/pages/transaction/index?tab=favorites');
  prefetchTradeBook(board, '#/pages/transaction/index?tab=futures');
  localStorage.setItem('tradePairs', JSON.stringify({ coin: 'NOPE/USDT' }));
  prefetchTradeBook(board, '#/pages/transaction/index');
  await settle();
  expect(call).not.toHaveBeenCalled();
});

it('asks at once, before the board, for the pair whose book was read last', async () => {
  const { prefetchTradeBook, rememberBookPair, takeBook } = await import('./prefetch');
  rememberBookPair('BTC/USDT', 1, 3);
  prefetchTradeBook(new Promise(() => undefined), '#/pages/transaction/index');
  expect(call).toHaveBeenCalledTimes(1);
  await expect(takeBook(1, 3)).resolves.toMatchObject({ reply: 1, data: { currency_id: 1, legal_id: 3 } });
});

it('waits for the board when the pair read last is not the one the tab opens', async () => {
  const { prefetchTradeBook, rememberBookPair, takeBook } = await import('./prefetch');
  rememberBookPair('ETH/USDT', 2, 3);
  prefetchTradeBook(board, '#/pages/transaction/index');
  expect(call).not.toHaveBeenCalled();
  await settle();
  await expect(takeBook(1, 3)).resolves.toMatchObject({ reply: 1, data: { currency_id: 1 } });
});

it('keeps the book reference in step with the contract (a GET where it says POST is answered 404)', async () => {
  const { bookEndpoint } = await import('./prefetch');
  expect(bookEndpoint).toEqual({ method: orderBook.method, path: orderBook.path });
});
