/**
 * Resolves once the page has loaded and the browser has a moment to spare. The live connection
 * (socket.io-client) waits for it: a screen first shows what it fetched over HTTP, and the
 * connection's script and handshake never compete with the first screen's scripts, data and
 * rendering.
 *
 * Each call waits for an idle moment of its own: the deferred jobs (the live connection, home's
 * content, the worker's registration, the page table) then start in separate tasks instead of
 * all in the one that follows the load.
 */
export function afterFirstScreen(): Promise<void> {
  loaded ??= new Promise<void>((resolve) => {
    if (typeof document === 'undefined' || document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  }).then(() => Promise.all(holds).then(() => undefined));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === 'function')
          requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        else setTimeout(resolve, 0);
      }),
  );
}

/**
 * Keeps afterFirstScreen waiting until `data` has settled (at most HOLD_MAX_MS): the first
 * screen's own data, which the deferred jobs should not compete with for the network and the
 * main thread. Call it before the load event (prefetchFirstScreen does, for home's quotes).
 */
export function holdFirstScreen(data: Promise<unknown>): void {
  holds.push(
    Promise.race([
      data.then(
        () => undefined,
        () => undefined,
      ),
      new Promise<void>((resolve) => setTimeout(resolve, HOLD_MAX_MS)),
    ]),
  );
}

/** At most this long after the load event, even on a busy main thread. */
const IDLE_TIMEOUT_MS = 2_000;
/** The longest a slow reply holds the deferred jobs back. */
const HOLD_MAX_MS = 5_000;
const holds: Array<Promise<void>> = [];

let loaded: Promise<void> | null = null;
