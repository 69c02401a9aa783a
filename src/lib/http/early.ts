/**
 * A request the app starts beside its scripts (`prefetchFirstScreen`), before the page that reads
 * it has loaded: `prefetch` starts it once, `fetch` hands it to the first caller and sends a new
 * request for every later one.
 */
export function earlyRequest<T>(request: () => Promise<T>): { prefetch(): Promise<T>; fetch(): Promise<T> } {
  let early: Promise<T> | null = null;
  return {
    prefetch: () => (early ??= request()),
    fetch: () => {
      const taken = early ?? request();
      early = null;
      return taken;
    },
  };
}
