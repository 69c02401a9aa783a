import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The route the app opens at, and the catalog the shell needs before its first render
 * (antd-mobile's texts load with the first page that uses them, see src/app/antd.ts).
 */
const HOME_MODULE = 'src/routes/pages/index/index.tsx';
const DEFAULT_CATALOGS = [/\/src\/locales\/hk\/shell\.po$/];

/** Marks the app's style sheets that main.tsx switches on before its first render. */
export const APP_STYLES_ATTRIBUTE = 'data-app-styles';

/**
 * Lets the browser fetch the home page chunk and the default language's catalogs while it is
 * still fetching the entry, instead of discovering them one after another (entry, then catalog,
 * then the page chunk once the router renders): `<link rel="modulepreload">` for each, with the
 * chunks they import. Deep links to other pages pay a few kilobytes for home; a first visit of
 * home (the start URL) no longer waits on a chain.
 *
 * Style sheets never block the first paint: index.html paints the frame of home with its own
 * inline styles, so the app's sheets (the entry's and home's) load as `media="print"` (fetched
 * without blocking rendering) and main.tsx switches them to all media once they have loaded,
 * right before React replaces the frame. Home's sheets load beside the entry too; Vite's loader
 * finds them in the document and does not fetch them again.
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
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return { html, tags: [] };
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
        const styles = new Set<string>();
        for (const fileName of files) {
          const item = bundle[fileName];
          if (item?.type === 'chunk') item.viteMetadata?.importedCss.forEach((css) => styles.add(css));
        }
        const styleLink = (href: string) =>
          `<link rel="stylesheet" crossorigin href="${href}" media="print" ${APP_STYLES_ATTRIBUTE}>`;
        const deferredStyles = (document: string) =>
          document.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_tag, href: string) =>
            styleLink(href),
          );
        return {
          html: deferredStyles(html),
          tags: [
            ...[...files].map((file): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${file}` },
              injectTo: 'head',
            })),
            ...[...styles].map((file): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: {
                rel: 'stylesheet',
                crossorigin: '',
                href: `${base}${file}`,
                media: 'print',
                [APP_STYLES_ATTRIBUTE]: true,
              },
              injectTo: 'head',
            })),
          ],
        };
      },
    },
  };
}
