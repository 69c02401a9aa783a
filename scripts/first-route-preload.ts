import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The route the app opens at, and the catalogs the shell needs before its first render. */
const HOME_MODULE = 'src/routes/pages/index/index.tsx';
const DEFAULT_CATALOGS = [/\/src\/locales\/hk\/shell\.po$/, /\/antd-mobile\/es\/locales\/zh-HK\.js$/];

/**
 * Lets the browser fetch the home page chunk and the default language's catalogs while it is
 * still fetching the entry, instead of discovering them one after another (entry, then catalog,
 * then the page chunk once the router renders): `<link rel="modulepreload">` for each, with the
 * chunks they import. Deep links to other pages pay a few kilobytes for home; a first visit of
 * home (the start URL) no longer waits on a chain.
 */
export function firstRoutePreload(): Plugin {
  let base = '/';
  return {
    name: 'h5:first-route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const entryImports = new Set<string>();
        for (const item of Object.values(bundle)) {
          if (item.type === 'chunk' && item.isEntry) {
            entryImports.add(item.fileName);
            item.imports.forEach((f) => entryImports.add(f));
          }
        }
        const files = new Set<string>();
        const add = (fileName: string) => {
          const item = bundle[fileName];
          if (!item || item.type !== 'chunk' || files.has(fileName) || entryImports.has(fileName)) return;
          files.add(fileName);
          item.imports.forEach(add);
        };
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk' || !item.facadeModuleId) continue;
          const id = item.facadeModuleId;
          if (id.endsWith(HOME_MODULE) || DEFAULT_CATALOGS.some((re) => re.test(id))) add(item.fileName);
        }
        return [...files].map((file): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
