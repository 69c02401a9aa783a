import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/** The route the app opens at (`/`), whose chunk must be there offline from the first install. */
const HOME_MODULE = 'src/routes/pages/index/index.tsx';
/**
 * What the shell loads by itself, in whichever language is chosen: the `shell` catalog, the
 * server messages and antd-mobile's texts of every locale, the worker registration with its
 * update prompt, antd-mobile's render shim, the page table (`src/routes/pages.ts`), the table of
 * feature catalogs (`src/lib/i18n/feature-catalogs.ts`) and the shell's
 * own lazy screens (not found, function in development), so an offline start opens them too. The feature catalogs load with their
 * screens and are cached like them.
 */
const SHELL_DYNAMIC =
  /\/src\/locales\/[^/]+\/shell\.po$|\/contract\/messages\/|\/antd-mobile\/es\/locales\/|\/workbox-window\/|\/src\/components\/(UpdatePrompt|FunctionInDevelopment)|\/src\/app\/(NotFound|antd-render)|\/src\/routes\/pages\.ts$|\/src\/lib\/i18n\/feature-catalogs\.ts$/;

/**
 * Keeps the service worker's precache to the shell and the first route: the entry with what it
 * imports, the home page chunk with what it imports, their CSS, and the catalogs the shell loads
 * itself. Every other chunk is cached by the worker's runtime route when first used (src/sw/
 * precache.ts), so an install no longer downloads every screen of the app. The plugin records the
 * set after the app's build has been written; the transform filters vite-plugin-pwa's manifest.
 */
export function firstRoutePrecache(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let files: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'h5:first-route-precache',
    apply: 'build',
    writeBundle(_options, bundle) {
      // The worker's own build writes no index.html; only the app's build decides the set.
      if (!('index.html' in bundle)) return;
      const keep = new Set<string>();
      const add = (fileName: string) => {
        const item = bundle[fileName];
        if (!item || keep.has(fileName)) return;
        keep.add(fileName);
        if (item.type !== 'chunk') return;
        item.imports.forEach(add);
        item.viteMetadata?.importedCss.forEach((css) => keep.add(css));
        item.viteMetadata?.importedAssets.forEach((asset) => keep.add(asset));
      };
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        if (item.isEntry || item.facadeModuleId?.endsWith(HOME_MODULE)) add(item.fileName);
      }
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && item.isDynamicEntry && SHELL_DYNAMIC.test(item.facadeModuleId ?? ''))
          add(item.fileName);
      }
      files = keep;
    },
  };
  const manifestTransform: ManifestTransform = (entries) => {
    const known = files;
    if (!known) return { manifest: entries, warnings: ['first-route chunks unknown: precaching every file'] };
    // Files outside assets/ are the shell itself: index.html, the web manifest, icons.
    return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || known.has(e.url)), warnings: [] };
  };
  return { plugin, manifestTransform };
}
