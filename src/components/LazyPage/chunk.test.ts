import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, CHUNK_TIMEOUT_MS, loadChunk, loadedComponent, type ChunkLoader } from './chunk';

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
