import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

/** Route path of a page file; home's file serves `/`. */
export function pathOfFile(file: string): string {
  const path = file.replace(/^\.\//, '/').replace(/\.tsx$/, '');
  return path === '/pages/index/index' ? '/' : path;
}

// Implemented pages other than the tabs (the registry loads those itself), discovered from files:
// ./pages/<group>/<page>.tsx ↔ /pages/<group>/<page>.
const files = import.meta.glob<PageModule>([
  './pages/**/*.tsx',
  './uview-ui/**/*.tsx',
  '!./**/*.test.tsx',
  '!./pages/index/index.tsx',
  '!./pages/market/market.tsx',
  '!./pages/transaction/index.tsx',
  '!./pages/financial/index.tsx',
  '!./pages/fund/assets.tsx',
]);

/** Page files by route path. A file whose path is not in `@/lib/nav` is never routed (a test says so). */
export const PAGE_LOADERS: ReadonlyMap<string, () => Promise<PageModule>> = new Map(
  Object.entries(files).map(([file, load]) => [pathOfFile(file), load]),
);
