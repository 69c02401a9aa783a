// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = fileURLToPath(new URL('.', import.meta.url));

// Read at config load, so a new feature folder is covered without editing this file.
const features = (() => {
  try {
    return readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

// Server folders, read at config load like the features: a product is a folder of
// server/src/products; every other folder of server/src (and its loose files) is a core.
const serverDirs = (path) => {
  try {
    return readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};
const products = serverDirs('./server/src/products');
/** The composition root (app.ts, wiring.ts, main.ts), the tools and the test harnesses see everything. */
const composers = ['products', 'testing', 'cli'];
const cores = serverDirs('./server/src').filter((name) => !composers.includes(name));
const serverZones = [
  ...products.map((name) => ({
    target: `./server/src/products/${name}`,
    from: './server/src/products',
    except: [`./${name}`],
    message:
      'A product imports the cores and its own folder, never another product; the composition root (server/src/wiring.ts) hands it what it needs.',
  })),
  {
    // Their tests may drive a product (the ledger's property test moves money through the wallet).
    target: [
      ...cores.map((name) => `./server/src/${name}/**/!(*.test).ts`),
      './server/src/!(app|wiring|main|*.test).ts',
    ],
    from: './server/src/products',
    message:
      'Cores import no product: a product describes itself (a descriptor or an option) and server/src/wiring.ts passes it in.',
  },
  {
    target: ['./server/src/!(testing)/**/!(*.test).ts', './server/src/!(*.test).ts'],
    from: './server/src/testing',
    message: 'Test harnesses (server/src/testing) are for tests, tools and benchmarks only.',
  },
];

/** Import boundaries of docs/architecture.md. Zones need resolved paths, hence the resolver. */
const zones = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'Features do not import each other; compose them in a route.',
  })),
  {
    target: './contract',
    from: ['./src', './server', './tests', './bench', './scripts'],
    message: 'contract/ imports only zod and itself.',
  },
  {
    target: './src/sw',
    from: './src',
    except: ['./sw', './lib/db', './lib/outbox', './app/outbox-kinds.ts'],
    message:
      'The service worker imports only src/sw/, src/lib/db/, src/lib/outbox/, the outbox kinds (src/app/outbox-kinds.ts) and contract/.',
  },
  {
    target: [
      './src/sw',
      './src/lib/outbox',
      './src/app/outbox-kinds.ts',
      ...features.map((name) => `./src/features/${name}/outbox`),
    ],
    from: './src/lib/outbox/page.ts',
    message: 'src/lib/outbox/page.ts is the page side of the outbox; the worker replays with ./replay.',
  },
  // Outbox kinds run in the worker too: they, and what they import, stay free of page code.
  {
    target: [
      './src/lib/outbox',
      './src/app/outbox-kinds.ts',
      ...features.map((name) => `./src/features/${name}/outbox`),
    ],
    from: './src',
    except: ['./lib/db', './lib/outbox', ...features.map((name) => `./features/${name}/outbox`)],
    message:
      "Outbox kinds are bundled into the service worker: import only src/lib/db/, src/lib/outbox/, features' outbox/ folders and contract/.",
  },
  {
    target: './src/sw',
    from: ['./server', './tests', './bench', './scripts'],
    message: 'The service worker imports only src/sw/, src/lib/db/ and contract/.',
  },
  {
    target: './src/features',
    from: ['./src/routes', './src/app'],
    message:
      'Features do not import routes or the app shell; routes compose features. Route paths live in src/lib/nav.',
  },
  {
    target: ['./src/lib', './src/components'],
    from: ['./src/features', './src/routes', './src/app'],
    message: 'src/lib and src/components are shared plumbing: they never import features, routes or the app shell.',
  },
  { target: './server', from: './src', message: 'The server never imports the PWA.' },
  ...serverZones,
  { target: './src', from: './server', message: 'The PWA never imports the server.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'data/**',
      'node_modules/**',
      '.test-results/**',
      'coverage/**',
      'dev-dist/**',
      'src/locales/**/*.{js,mjs}',
      'server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx', '.json'],
          tsconfig: { configFile: `${root}tsconfig.json` },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { requireDefaultForNonUnion: false, considerDefaultExhaustiveForUnions: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Cycles make module order (and the lazy chunks) depend on who imports first.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/sw/**'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      // The first route is the static import closure of the entry and home
      // (scripts/first-route-chunks.ts); through the icon package's index that closure would hold
      // every icon any page uses.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd-mobile-icons',
              message:
                "Import each icon from its own module: import LeftOutline from 'antd-mobile-icons/es/LeftOutline'.",
            },
          ],
        },
      ],
      // Every failure is shown or logged: a catch with nothing but a comment hides it.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CatchClause > BlockStatement[body.length=0]',
          message: 'Show or log the failure (useSubmit, apiErrorsShown, console.warn); never swallow it.',
        },
        {
          selector:
            "CallExpression[callee.property.name='catch'] > ArrowFunctionExpression[body.type='Identifier'][body.name='undefined']",
          message: 'Show or log the failure (apiErrorsShown, console.warn); never swallow it.',
        },
      ],
    },
  },
  {
    // A function over 120 lines hides its parts: split it into named components and hooks.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: [
      // Generated: the compiled message catalogs (already outside lint, named here for this rule).
      'src/locales/**',
      // A server test file's suite is one long callback of named cases.
      'server/**/*.test.ts',
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/sw/**/*.ts'],
    // Tests of the worker's handlers (src/sw/*.test.ts) run in Vitest with fakes, not in the worker.
    ignores: ['src/sw/**/*.test.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: {
      // Paths are checked by the zones above; this keeps page-only packages out of the worker.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/|@/|@contract/|workbox-|dexie$|zod$).*',
              message: 'The service worker uses no packages beyond workbox, dexie and zod.',
            },
          ],
        },
      ],
    },
  },
  {
    // The outbox kinds and the generic outbox are bundled into the worker too (src/app/outbox-kinds.ts).
    files: ['src/lib/outbox/**/*.ts', 'src/features/*/outbox/**/*.ts', 'src/app/outbox-kinds.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/|@/|@contract/|workbox-|dexie$|zod$).*',
              message: 'Outbox code runs in the service worker: no packages beyond workbox, dexie and zod.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    // Tests beside the contract need vitest; they are not part of what the two sides import.
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/|@/|@contract/|zod(/|$)).*',
              message: 'contract/ imports no package but zod.',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain JavaScript (configs, scripts) is outside every tsconfig: lint it without types.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
);
