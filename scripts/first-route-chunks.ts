import { fileURLToPath } from 'node:url';
import type { CodeSplittingOptions } from 'rolldown';

const ENTRY = fileURLToPath(new URL('../src/app/main.tsx', import.meta.url));
const HOME = fileURLToPath(new URL('../src/routes/pages/index/index.tsx', import.meta.url));

type ModuleInfo = { importedIds: readonly string[] } | null;

/**
 * Everything a cold visit of home runs, in one chunk. Left alone, the bundler splits the modules
 * the entry and home share with lazy pages into about thirty small chunks (React's runtime, each
 * icon, each helper); every one costs the phone a request and its own gzip dictionary and
 * headers, a few kilobytes in all on the first route. The entry's and home's static imports are
 * fetched on every first visit anyway (home is preloaded beside the entry), so putting them
 * together costs no page anything it did not load before.
 */
export function firstRouteChunks(): CodeSplittingOptions {
  let firstRoute: Set<string> | undefined;
  const staticClosure = (roots: string[], info: (id: string) => ModuleInfo) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(info(id)?.importedIds ?? []));
    }
    return seen;
  };
  return {
    groups: [
      {
        debugName: 'first-route',
        name: (id, ctx) => {
          firstRoute ??= staticClosure([ENTRY, HOME], (m) => ctx.getModuleInfo(m));
          return firstRoute.has(id) && id !== ENTRY ? 'first-route' : null;
        },
      },
    ],
  };
}
