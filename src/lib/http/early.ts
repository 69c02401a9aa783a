/**
 * A request the app starts beside its scripts (`prefetchFirstScreen`), before the page that reads
 * it has loaded: `prefetch` starts it once, and the first `fetch` takes it (settled or not). A
 * later `fetch` sends a new request, shared by every caller that asks while it is out: a screen's
 * parts each ask on mount, and a slow phone network should carry the request once.
 */
export function earlyRequest<T>(request: () => Promise<T>): { prefetch(): Promise<T>; fetch(): Promise<T> } {
  let early: Promise<T> | null = null;
  let out: Promise<T> | null = null;
  const share = (sent: Promise<T>) => {
    out = sent;
    const settled = () => {
      if (out === sent) out = null;
    };
    sent.then(settled, settled);
    return sent;
  };
  return {
    prefetch: () => (early ??= request()),
    fetch: () => {
      const taken = early;
      early = null;
      if (taken) return share(taken);
      return out ?? share(request());
    },
  };
}
