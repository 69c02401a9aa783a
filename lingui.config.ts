import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// App locale codes are the product's own (SPEC.md section 1); Intl formatting maps them to BCP 47
// in src/lib/i18n. English is the source language of the message ids. No `fallbackLocales`: with
// an English fallback `lingui compile --strict` counts nothing as missing; a missing translation
// still renders the English source text.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh', 'en', 'hk', 'th', 'jp', 'kor', 'fra', 'spa'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '<rootDir>/src/sw/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
