import { db } from '../db';
import { loadOutboxKinds } from './kindsLoader';
import { OUTBOX_SYNC_TAG, replayExclusive, type ReplayReport } from './replay';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** How long to wait for the browser to say whether a worker is registered. */
const REGISTRATION_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * The registration with an active worker, or null. Never `navigator.serviceWorker.ready`: it waits
 * forever where no worker is registered (development, a blocked or failed registration).
 */
async function activeRegistration(): Promise<SyncRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  try {
    const registration = await withTimeout(
      navigator.serviceWorker.getRegistration(),
      REGISTRATION_TIMEOUT_MS,
      'getRegistration',
    );
    return registration?.active ? (registration as SyncRegistration) : null;
  } catch (error) {
    console.warn('outbox: no service worker registration', error);
    return null;
  }
}

/** The site's Background Sync permission is blocked (browser settings, or a test denying it). */
async function backgroundSyncDenied(): Promise<boolean> {
  if (!navigator.permissions) return false;
  try {
    const status = await navigator.permissions.query({ name: 'background-sync' as PermissionName });
    return status.state === 'denied';
  } catch (error) {
    // Browsers without Background Sync do not know the permission's name; registering decides then.
    console.debug('outbox: background-sync permission unknown', error);
    return false;
  }
}

/**
 * Hands the outbox to Background Sync, which sends it when the network is there, even after the
 * tab closed. False when the browser lacks it, the site is denied it, or registering is refused.
 */
export async function registerBackgroundSync(): Promise<boolean> {
  const registration = await activeRegistration();
  if (!registration?.sync || (await backgroundSyncDenied())) return false;
  try {
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch (error) {
    console.warn('outbox: Background Sync refused, the page sends the queue', error);
    return false;
  }
}

/** Sends the queue from this page when online; the Web Lock keeps it from overlapping the worker. */
export async function replayFromPage(): Promise<ReplayReport | null> {
  if (!navigator.onLine) return null;
  try {
    await loadOutboxKinds();
    return await replayExclusive(db);
  } catch (error) {
    console.warn('outbox: replay from the page failed', error);
    return null;
  }
}

/** Retries of the page's replay while entries stay queued: 5 s, 10 s, 20 s … at most 5 minutes. */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;

interface ReplayLoop {
  trigger(): void;
  stop(): void;
}

/** The page's one replay loop, shared by whoever keeps it (the app shell, a screen that queued). */
let replayLoop: ReplayLoop | null = null;
let holders = 0;

function createReplayLoop(): ReplayLoop {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_RETRY_MS;
  const run = async () => {
    clearTimeout(timer);
    if ((await db.outbox.count()) === 0 || (await registerBackgroundSync())) return;
    const report = await replayFromPage();
    if (report?.remaining === 0) {
      delay = FIRST_RETRY_MS;
      return;
    }
    // Offline: the next `online` runs again. Online without a report, the replay's code or the
    // queue could not be read (a chunk that failed to download): retried like an unsent entry.
    if (!report && !navigator.onLine) return;
    timer = setTimeout(trigger, delay);
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  };
  const trigger = () => {
    run().catch((error: unknown) => console.warn('outbox: could not check the queue', error));
  };
  window.addEventListener('online', trigger);
  trigger();
  return {
    trigger,
    stop: () => {
      clearTimeout(timer);
      window.removeEventListener('online', trigger);
    },
  };
}

/**
 * Keeps the page's replay running: at start and whenever the network returns, anything still
 * queued is handed to Background Sync again or, where that is missing or denied, sent by the page,
 * which tries again with backoff while entries stay queued (the network came back only halfway,
 * a Wi-Fi login page answered). One loop per page however many callers start it; it stops when
 * the last of them calls its cleanup.
 */
export function startOutboxReplay(): () => void {
  holders += 1;
  replayLoop ??= createReplayLoop();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    replayLoop?.stop();
    replayLoop = null;
  };
}

/**
 * Called after queuing something: Background Sync when it will fire, else the page sends at once
 * (when online) and keeps its replay armed for the next `online`. That replay lives in this
 * module, which the queuing screen has loaded already: nothing needs downloading at the moment the
 * network returns, when the first requests often still fail. Resolves without waiting for the
 * page's replay, so a button that queued is never kept busy by the network.
 */
export async function requestOutboxSync(): Promise<'background-sync' | 'page'> {
  if (await registerBackgroundSync()) return 'background-sync';
  if (replayLoop) replayLoop.trigger();
  // Kept for the page's life: queued entries must not wait for the app shell's next start.
  else startOutboxReplay();
  return 'page';
}
