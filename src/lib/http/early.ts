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

/**
 * An early request that depends on an argument (a pair, a currency): `prefetch(arg)` starts it
 * once; `take(arg)` hands it over if it was started for the same argument (once), else sends a new
 * one. A prefetched request nobody takes logs its failure; the one who takes it handles it.
 */
export function earlyRequestFor<A, T>(
  name: string,
  request: (arg: A) => Promise<T>,
  keyOf: (arg: A) => string,
): { prefetch(arg: A): void; take(arg: A): Promise<T> } {
  let early: { key: string; reply: Promise<T> } | null = null;
  return {
    prefetch: (arg) => {
      if (early) return;
      const reply = request(arg);
      reply.catch((error: unknown) => console.warn(`${name}: early request failed`, error));
      early = { key: keyOf(arg), reply };
    },
    take: (arg) => {
      const taken = early?.key === keyOf(arg) ? early.reply : null;
      early = null;
      return taken ?? request(arg);
    },
  };
}
