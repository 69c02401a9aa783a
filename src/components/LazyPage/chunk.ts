import type { ComponentType } from 'react';

/** Timings of SPEC.md section 2: a page's loading placeholder after 200 ms, its error after 60 s. */
export const LOADING_DELAY_MS = 200;
export const CHUNK_TIMEOUT_MS = 60_000;
/** SPEC.md section 9: a chunk script that has not arrived after 120 s has failed. */
export const CHUNK_SCRIPT_TIMEOUT_MS = 120_000;

export type ChunkFailure = 'missing' | 'timeout';
export type ChunkLoader = () => Promise<{ default: ComponentType }>;

/** A page chunk that did not arrive: names the chunk and why, like the original's error. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly chunk: string,
    readonly failure: ChunkFailure,
    override readonly cause?: unknown,
  ) {
    super(`Loading chunk ${chunk} failed. (${failure})`);
  }
}

const loaded = new WeakMap<ChunkLoader, ComponentType>();

/** A chunk already loaded renders synchronously on revisits, so the page does not flash. */
export function loadedComponent(load: ChunkLoader): ComponentType | undefined {
  return loaded.get(load);
}

/** Imports a chunk, rejecting with ChunkLoadError on failure or after the time-out. */
export function loadChunk(chunk: string, load: ChunkLoader, timeoutMs = CHUNK_TIMEOUT_MS): Promise<ComponentType> {
  return new Promise<ComponentType>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs);
    load().then(
      (mod) => {
        clearTimeout(timer);
        loaded.set(load, mod.default);
        resolve(mod.default);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, 'missing', error));
      },
    );
  });
}

/**
 * A chunk every caller shares (the page table, the catalog table): imported on the first call,
 * failed after the script time-out, and forgotten when it failed, so the next call (a page's
 * Retry) requests it again instead of meeting the same failure for the life of the tab.
 */
export function sharedChunk<M>(chunk: string, load: () => Promise<M>, timeoutMs = CHUNK_SCRIPT_TIMEOUT_MS) {
  let pending: Promise<M> | undefined;
  return (): Promise<M> =>
    (pending ??= new Promise<M>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs);
      load().then(
        (mod) => {
          clearTimeout(timer);
          resolve(mod);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(chunk, 'missing', error));
        },
      );
    }).catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
