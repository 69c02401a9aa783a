/**
 * Resolves once the page has loaded and the browser has a moment to spare. The live connection
 * (socket.io-client) waits for it: a screen first shows what it fetched over HTTP, and the
 * connection's script and handshake never compete with the first screen's scripts, data and
 * rendering.
 */
export function afterFirstScreen(): Promise<void> {
  first ??= new Promise<void>((resolve) => {
    const idle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    };
    if (typeof document === 'undefined' || document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return first;
}

/** At most this long after the load event, even on a busy main thread. */
const IDLE_TIMEOUT_MS = 2_000;

let first: Promise<void> | null = null;
