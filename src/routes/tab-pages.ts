/**
 * The tab pages other than home, which load straight from the entry: each page's file (under
 * `src/`) and the feature catalogs it waits for. Plain data without imports, so the build reads it
 * too: it bundles each tab's modules together (scripts/first-route-chunks.ts) and lets index.html
 * preload the opened tab's scripts and catalogs (scripts/boot-preload.ts).
 */
export const TAB_PAGE_FILES = {
  '/pages/market/market': { file: 'routes/pages/market/market.tsx', catalogs: ['market'] },
  '/pages/transaction/index': { file: 'routes/pages/transaction/index.tsx', catalogs: ['trade'] },
  '/pages/financial/index': { file: 'routes/pages/financial/index.tsx', catalogs: ['finance'] },
  '/pages/fund/assets': { file: 'routes/pages/fund/assets.tsx', catalogs: ['wallet', 'notifications'] },
} as const satisfies Record<string, { file: string; catalogs: readonly string[] }>;

export type TabPagePath = keyof typeof TAB_PAGE_FILES;
