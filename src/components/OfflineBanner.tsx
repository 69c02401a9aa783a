import { useSyncExternalStore, type CSSProperties } from 'react';
import { Trans } from '@lingui/react/macro';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const getOnline = () => navigator.onLine;
// Server rendering has no network state; assume online so nothing flashes.
const getServerOnline = () => true;

/** True while the browser reports a network connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, getOnline, getServerOnline);
}

/**
 * The "no network" layer (SPEC.md section 9, z-index 10080): a strip at the top while offline.
 * It does not block the page, because cached screens stay usable offline.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" aria-live="polite" data-testid="offline-banner" data-transient="" style={style}>
      <Trans>No network connection. Showing saved data.</Trans>
    </div>
  );
}

const style: CSSProperties = {
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  zIndex: 10080,
  padding: 'calc(env(safe-area-inset-top, 0px) + 8px) 16px 8px',
  background: '#F04A5A',
  color: '#fff',
  fontSize: 13,
  lineHeight: '18px',
  textAlign: 'center',
};

export default OfflineBanner;
