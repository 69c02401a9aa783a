import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** How often an open app asks the server whether a newer service worker exists. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function watchForUpdates(_url: string, registration: ServiceWorkerRegistration | undefined) {
  if (!registration) return;
  setInterval(() => {
    // Offline or a server hiccup: the next check will try again.
    registration.update().catch((error: unknown) => console.warn('update check failed', error));
  }, UPDATE_CHECK_MS);
}

/**
 * Registers the service worker (scope /h5/) and, when a new version is waiting, offers a reload.
 * The page reloads only after the user taps "Reload" in this tab: never by surprise, since a
 * reload could throw away a form being filled in. When the user updates from another tab, the new
 * version takes over this one too; it then keeps offering the reload instead of doing it.
 */
function RegisteredUpdatePrompt() {
  const accepted = useRef(false);
  const [activeElsewhere, setActiveElsewhere] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: true,
    onRegisteredSW: watchForUpdates,
    // Called when the new worker takes control; replaces vite-plugin-pwa's unconditional reload.
    onNeedReload: () => {
      if (accepted.current) window.location.reload();
      else setActiveElsewhere(true);
    },
  });
  const [updating, setUpdating] = useState(false);

  if (!needRefresh && !activeElsewhere) return null;

  const reload = () => {
    setUpdating(true);
    if (activeElsewhere) return window.location.reload();
    accepted.current = true;
    // The waiting worker takes control, then onNeedReload reloads this page.
    updateServiceWorker(true).catch(() => {
      accepted.current = false;
      setUpdating(false);
    });
  };
  const later = () => {
    setNeedRefresh(false);
    setActiveElsewhere(false);
  };

  return (
    <div
      role="alertdialog"
      aria-labelledby="update-prompt-title"
      data-testid="update-prompt"
      data-transient=""
      style={styles.box}
    >
      <div id="update-prompt-title" style={styles.title}>
        <Trans>A new version is available.</Trans>
      </div>
      <div style={styles.actions}>
        <button type="button" style={styles.later} onClick={later}>
          <Trans>Later</Trans>
        </button>
        <button type="button" style={styles.reload} onClick={reload} disabled={updating}>
          <Trans>Reload</Trans>
        </button>
      </div>
    </div>
  );
}

/** Service workers exist only in production builds; development serves modules live. */
export const UpdatePrompt: () => ReactNode = import.meta.env.PROD ? RegisteredUpdatePrompt : () => null;

export default UpdatePrompt;

const button: CSSProperties = {
  border: 0,
  borderRadius: 6,
  padding: '8px 16px',
  fontSize: 14,
  cursor: 'pointer',
};

const styles = {
  box: {
    position: 'fixed',
    left: 12,
    right: 12,
    bottom: 'calc(env(safe-area-inset-bottom, 0px) + 64px)',
    zIndex: 10075,
    padding: 16,
    borderRadius: 10,
    background: '#23252d',
    color: '#fff',
    boxShadow: '0 4px 16px rgba(0,0,0,0.4)',
  },
  title: { fontSize: 15, marginBottom: 12 },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: 8 },
  later: { ...button, background: 'transparent', color: '#aaa' },
  reload: { ...button, background: '#f7a35c', color: '#14151a', fontWeight: 600 },
} satisfies Record<string, CSSProperties>;
