import { fileURLToPath } from 'node:url';
import type { CodeSplittingOptions } from 'rolldown';
import { TAB_PAGE_FILES } from '../src/routes/tab-pages.ts';

const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));
const ENTRY = source('app/main.tsx');
const HOME = source('routes/pages/index/index.tsx');
/** The other tab pages, which load straight from the entry, by their folders. */
const TABS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(TAB_PAGE_FILES).map(([path, { file }]) => [path.split('/')[2]!, source(file)]),
);

const FIRST_ROUTE_RANK = 100;

type ModuleInfo = { importedIds: readonly string[] } | null;

function staticClosure(roots: string[], info: (id: string) => ModuleInfo): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Everything a cold visit of home runs, in one chunk; and what each other tab runs, in a few.
 * Left alone, the bundler splits the modules the entry and the tabs share with lazy pages into
 * many small chunks (React's runtime, each icon, each helper): the trade tab fetched about a
 * hundred scripts before its first book row, and on a phone each costs a request, a wait for one
 * of six connections and its own headers. The entry's and home's static imports are fetched on
 * every first visit anyway (home is preloaded beside the entry), so putting them together costs
 * no page anything it did not load before. A tab's other modules are grouped by the set of tabs
 * that import them: a tab loads at most one chunk per such set (eight at most, in practice a
 * few), and never a module no tab it opens needs. The chunk all four tabs share also comes after
 * home on a visit of home (the support button shares an icon with it), like the page table: the
 * next tab opens without it.
 */
export function firstRouteChunks(): CodeSplittingOptions {
  let named: Map<string, { name: string; rank: number }> | undefined;
  const nameAll = (info: (id: string) => ModuleInfo) => {
    const firstRoute = staticClosure([ENTRY, HOME], info);
    const tabsOf = new Map<string, string[]>();
    for (const [tab, page] of Object.entries(TABS)) {
      for (const id of staticClosure([page], info)) {
        if (!firstRoute.has(id)) tabsOf.set(id, [...(tabsOf.get(id) ?? []), tab]);
      }
    }
    const names = new Map([...tabsOf].map(([id, tabs]) => [id, { name: `tab-${tabs.join('-')}`, rank: tabs.length }]));
    for (const id of firstRoute) if (id !== ENTRY) names.set(id, { name: 'first-route', rank: FIRST_ROUTE_RANK });
    return names;
  };
  // A group also takes in the dependencies of what it captures that no group took before it, so
  // the groups run first route first, then by how many tabs share a module: a module's
  // dependencies are shared by at least the same tabs, so they already sit in their own chunk.
  const group = (rank: number) => ({
    debugName: `rank ${rank}`,
    priority: rank,
    name: (id: string, ctx: { getModuleInfo: (id: string) => ModuleInfo }) => {
      const entry = (named ??= nameAll((m) => ctx.getModuleInfo(m))).get(id);
      return entry?.rank === rank ? entry.name : null;
    },
  });
  const ranks = [FIRST_ROUTE_RANK, ...Object.keys(TABS).map((_, i) => Object.keys(TABS).length - i)];
  return { groups: ranks.map(group) };
}
