import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ChunkLoadError,
  CHUNK_SCRIPT_TIMEOUT_MS,
  CHUNK_TIMEOUT_MS,
  loadChunk,
  loadedComponent,
  sharedChunk,
  type ChunkLoader,
} from './chunk';

const Page = () => null;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('resolves the page and remembers it for synchronous revisits', async () => {
    const load: ChunkLoader = () => Promise.resolve({ default: Page });
    expect(loadedComponent(load)).toBeUndefined();
    await expect(loadChunk('/pages/a/b', load)).resolves.toBe(Page);
    expect(loadedComponent(load)).toBe(Page);
  });

  it('names the chunk and "missing" when the import fails', async () => {
    const error = await loadChunk('/pages/x/y', () => Promise.reject(new TypeError('Failed to fetch'))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ chunk: '/pages/x/y', failure: 'missing' });
    expect((error as Error).message).toBe('Loading chunk /pages/x/y failed. (missing)');
  });

  it('gives up with "timeout" after 60 s, not before', async () => {
    const pending = loadChunk('/pages/slow/page', () => new Promise(() => undefined));
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledOnce();
    await expect(pending).rejects.toMatchObject({ chunk: '/pages/slow/page', failure: 'timeout' });
  });
});

describe('sharedChunk', () => {
  it('is imported once for every caller', async () => {
    const load = vi.fn(() => Promise.resolve({ table: 1 }));
    const table = sharedChunk('table', load);
    await expect(Promise.all([table(), table()])).resolves.toEqual([{ table: 1 }, { table: 1 }]);
    await table();
    expect(load).toHaveBeenCalledOnce();
  });

  it('fails with "timeout" after the 120 s chunk script time-out, then requests the chunk again', async () => {
    expect(CHUNK_SCRIPT_TIMEOUT_MS).toBe(120_000);
    const load = vi
      .fn<() => Promise<{ table: number }>>()
      .mockReturnValueOnce(new Promise(() => undefined))
      .mockResolvedValueOnce({ table: 2 });
    const table = sharedChunk('page table', load);
    const settled = vi.fn();
    const first = table();
    first.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_SCRIPT_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(first).rejects.toMatchObject({ chunk: 'page table', failure: 'timeout' });
    // A retry does not meet the old failure: it imports again.
    await expect(table()).resolves.toEqual({ table: 2 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets a chunk that could not be fetched', async () => {
    const load = vi
      .fn<() => Promise<{ table: number }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ table: 3 });
    const table = sharedChunk('catalog table', load);
    await expect(table()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(table()).resolves.toEqual({ table: 3 });
  });
});
