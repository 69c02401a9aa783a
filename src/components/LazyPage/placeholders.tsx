import { Trans } from '@lingui/react/macro';
import { NavBar } from '../NavBar';
import type { ChunkLoadError } from './chunk';
import styles from './LazyPage.module.css';

export function ChunkLoading() {
  return (
    <div className={styles.center} role="status" aria-live="polite">
      {/* A CSS spinner: antd-mobile's brings an animation library into the shell. */}
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.hint}>
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}

export function ChunkError({ error, onRetry }: { error: ChunkLoadError; onRetry: () => void }) {
  return (
    <>
      {/* The page's own bar never arrived; this one keeps a way back. */}
      <NavBar />
      <div className={styles.center} role="alert" data-testid="chunk-error">
        <div className={styles.title}>
          {error.failure === 'timeout' ? (
            <Trans>The page took too long to load.</Trans>
          ) : (
            <Trans>The page could not be loaded.</Trans>
          )}
        </div>
        <code className={styles.detail}>
          {error.chunk} ({error.failure})
        </code>
        {/* A plain button: the shell loads no antd-mobile component. */}
        <button type="button" className={styles.retry} onClick={onRetry}>
          <Trans>Retry</Trans>
        </button>
      </div>
    </>
  );
}
