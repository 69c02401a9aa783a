/**
 * Requests that have been waiting longer than the spinner delay (SPEC.md section 9: the loading
 * spinner appears after 800 ms). Most replies arrive sooner, and a spinner that flashes for them
 * reads as jank; one that never shows leaves a slow network looking like a frozen screen.
 */
export const LOADING_SPINNER_DELAY_MS = 800;

let slow = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Counts `request` among the slow ones from 800 ms after it started until it settles. */
export function trackSlow<T>(request: Promise<T>, delayMs = LOADING_SPINNER_DELAY_MS): Promise<T> {
  let counted = false;
  const timer = setTimeout(() => {
    counted = true;
    slow += 1;
    emit();
  }, delayMs);
  const settled = () => {
    clearTimeout(timer);
    if (!counted) return;
    slow -= 1;
    emit();
  };
  request.then(settled, settled);
  return request;
}

/** How many requests are slow now. */
export const slowRequests = (): number => slow;

export function subscribeSlowRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
