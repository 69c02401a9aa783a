import { expect, it, vi } from 'vitest';
import { earlyRequestFor } from './early';

const counter = () => {
  let n = 0;
  return vi.fn((arg: string) => Promise.resolve(`${arg}#${++n}`));
};

it('hands a request started for an argument to the first take of that argument, once', async () => {
  const request = counter();
  const early = earlyRequestFor('test', request, (a) => a);
  early.prefetch('USD');
  early.prefetch('USD');
  expect(request).toHaveBeenCalledTimes(1);
  await expect(early.take('USD')).resolves.toBe('USD#1');
  await expect(early.take('USD')).resolves.toBe('USD#2');
});

it('sends a new request for another argument and drops the early one', async () => {
  const request = counter();
  const early = earlyRequestFor('test', request, (a) => a);
  early.prefetch('USD');
  await expect(early.take('EUR')).resolves.toBe('EUR#2');
  await expect(early.take('USD')).resolves.toBe('USD#3');
});

it('logs the failure of an early request, and the taker still sees it', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const early = earlyRequestFor(
    'test',
    () => Promise.reject(new Error('offline')),
    () => '',
  );
  early.prefetch(undefined);
  await expect(early.take(undefined)).rejects.toThrow('offline');
  expect(warn).toHaveBeenCalledWith('test: early request failed', expect.any(Error));
  warn.mockRestore();
});
