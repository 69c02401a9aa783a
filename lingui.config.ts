import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// App locale codes are the product's own (SPEC.md section 1); Intl formatting maps them to BCP 47
// in src/lib/i18n. English is the source language of the message ids. No `fallbackLocales`: with
// an English fallback `lingui compile --strict` counts nothing as missing; a missing translation
// still renders the English source text.
//
// Catalogs are split by route so that a feature's strings cost nothing on the first route:
// - `shell`: what the first route (home) and every page need: the app frame, components, lib,
//   the route registry's titles, the home feature and the home quotes it shows.
// - one catalog per feature (`src/locales/<locale>/<feature>.po`), loaded with the feature's chunk
//   (each feature's index.ts awaits `loadCatalog('<feature>')`).
// - `records`: the labels of every ledger kind, which each product declares in its own
//   `ledger-labels.ts` and the wallet's records and the statement show.
// A string used both on home and in a feature is in both catalogs.
const HOME_QUOTES = [
  'src/features/market/components/HomeQuotes.tsx',
  'src/features/market/components/QuoteRow.tsx',
  'src/features/market/components/Notes.tsx',
  'src/features/market/model',
].map((path) => `<rootDir>/${path}`);

export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh', 'en', 'hk', 'th', 'jp', 'kor', 'fra', 'spa'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/shell',
      include: [
        '<rootDir>/src/app',
        '<rootDir>/src/components',
        '<rootDir>/src/lib',
        '<rootDir>/src/routes',
        '<rootDir>/src/features/home',
        ...HOME_QUOTES,
      ],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
    {
      // Every product's labels of its ledger kinds, for the records and the statement.
      path: '<rootDir>/src/locales/{locale}/records',
      include: ['<rootDir>/src/features/*/ledger-labels.ts'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/{name}',
      include: ['<rootDir>/src/features/{name}/'],
      exclude: ['**/node_modules/**', '**/*.test.*', '<rootDir>/src/features/home/**', '**/ledger-labels.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
