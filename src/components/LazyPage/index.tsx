import { useEffect, useState, type ComponentType } from 'react';
import { ChunkError, ChunkLoading } from './placeholders';
import { ChunkLoadError, LOADING_DELAY_MS, loadChunk, loadedComponent, type ChunkLoader } from './chunk';

export { ChunkLoadError, loadChunk, LOADING_DELAY_MS, CHUNK_TIMEOUT_MS } from './chunk';
export type { ChunkFailure, ChunkLoader } from './chunk';
export { ChunkError, ChunkLoading } from './placeholders';

export interface LazyPageProps {
  /** Shown in the error placeholder; the route path. */
  chunk: string;
  load: ChunkLoader;
}

type State =
  | { status: 'loading'; slow: boolean }
  | { status: 'ready'; Page: ComponentType }
  | { status: 'error'; error: ChunkLoadError };

const initial = (load: ChunkLoader): State => {
  const Page = loadedComponent(load);
  return Page ? { status: 'ready', Page } : { status: 'loading', slow: false };
};

/**
 * Loads a page chunk: nothing for the first 200 ms (most loads finish sooner and a flashing
 * spinner reads as jank), then a loading placeholder; after 60 s or on failure an error
 * placeholder that names the chunk and offers a retry.
 */
export function LazyPage({ chunk, load }: LazyPageProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(() => initial(load));

  // Keyed by chunk in the router, so `load` is fixed for this instance; `attempt` re-imports.
  useEffect(() => {
    if (loadedComponent(load)) return;
    let live = true;
    const slow = setTimeout(() => live && setState({ status: 'loading', slow: true }), LOADING_DELAY_MS);
    const settle = (next: State) => {
      clearTimeout(slow);
      if (live) setState(next);
    };
    loadChunk(chunk, load).then(
      (Page) => settle({ status: 'ready', Page }),
      (error: unknown) =>
        settle({
          status: 'error',
          error: error instanceof ChunkLoadError ? error : new ChunkLoadError(chunk, 'missing', error),
        }),
    );
    return () => {
      live = false;
      clearTimeout(slow);
    };
  }, [chunk, load, attempt]);

  const retry = () => {
    setState({ status: 'loading', slow: false });
    setAttempt((n) => n + 1);
  };

  if (state.status === 'ready') return <state.Page />;
  if (state.status === 'error') return <ChunkError error={state.error} onRetry={retry} />;
  return state.slow ? <ChunkLoading /> : null;
}

export default LazyPage;
