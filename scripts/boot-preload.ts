import type { Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import { DEFAULT_LOCALE } from '../contract/domain/locales.ts';
import { TAB_PAGE_FILES } from '../src/routes/tab-pages.ts';
import { APP_STYLES_ATTRIBUTE } from './first-route-preload.ts';

const MARKER = '<script data-boot-preload></script>';
const DATA_ID = 'boot-preload';
const CATALOG_TABLE = '/src/lib/i18n/feature-catalogs.ts';
/** What every page but home loads before it renders (src/app/antd.ts `prepareAntd`). */
const ANTD_MODULES = ['/src/app/antd-render.ts', '/antd-mobile/es/components/config-provider/index.js'];

interface BootPreloadData {
  base: string;
  defaultLocale: string;
  /** Scripts every tab needs: the catalog table, antd-mobile's render shim and configuration. */
  common: string[];
  tabs: Record<string, { scripts: string[]; styles: string[]; catalogs: Record<string, string[]> }>;
}

/**
 * The fixed code of index.html's preload script: for the tab the address opens (a reload, a
 * shortcut, a link), it starts the tab's scripts, style sheets and the stored language's catalogs
 * beside the entry, from the list the build writes next to it. Without it they are found only once
 * the entry has loaded and run: on a slow phone network a second or more later, and the catalogs
 * a round trip after that. Styles load like the first route's (media="print", switched on by
 * main.tsx before the first render). Fixed text, so its hash in the policy never changes.
 */
export const BOOT_PRELOAD_SCRIPT = `(function(){try{var d=JSON.parse(document.getElementById('${DATA_ID}').textContent),t=d.tabs[(location.hash.slice(1)||'/').split('?')[0]];if(!t)return;var l=JSON.parse(localStorage.getItem('lang')||'null')||d.defaultLocale,h=document.head,a=function(r,f,s){var k=document.createElement('link');k.rel=r;k.crossOrigin='';k.href=d.base+f;if(s){k.media='print';k.setAttribute('${APP_STYLES_ATTRIBUTE}','')}h.appendChild(k)};t.scripts.concat(d.common,t.catalogs[l]||[]).forEach(function(f){a('modulepreload',f)});t.styles.forEach(function(f){a('stylesheet',f,1)})}catch(e){}})()`;

/** A chunk's file and every chunk it imports, leaving out what the entry already brings. */
function closure(bundle: OutputBundle, fileName: string, known: Set<string>, into = new Set<string>()) {
  const item = bundle[fileName];
  if (!item || item.type !== 'chunk' || into.has(fileName) || known.has(fileName)) return into;
  into.add(fileName);
  item.imports.forEach((f) => closure(bundle, f, known, into));
  return into;
}

function preloadData(bundle: OutputBundle, base: string): BootPreloadData {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byModule = (suffix: string) => chunks.find((c) => c.facadeModuleId?.endsWith(suffix))?.fileName;
  const known = new Set<string>();
  for (const c of chunks) if (c.isEntry) closure(bundle, c.fileName, new Set(), known);
  const files = (fileName: string | undefined) => [...(fileName ? closure(bundle, fileName, known) : [])];
  const stylesOf = (scripts: string[]) => [
    ...new Set(
      scripts.flatMap((f) => [
        ...((bundle[f] as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []),
      ]),
    ),
  ];
  const catalogsOf = (names: readonly string[]) => {
    const byLocale: Record<string, string[]> = {};
    for (const c of chunks) {
      const match = /\/src\/locales\/([^/]+)\/([^/]+)\.po$/.exec(c.facadeModuleId ?? '');
      if (match && names.includes(match[2]!)) (byLocale[match[1]!] ??= []).push(...files(c.fileName));
    }
    return byLocale;
  };
  const tabs: BootPreloadData['tabs'] = {};
  for (const [path, { file, catalogs }] of Object.entries(TAB_PAGE_FILES)) {
    const scripts = files(byModule(`/src/${file}`));
    if (scripts.length === 0) throw new Error(`boot-preload: no chunk for ${file}`);
    tabs[path] = { scripts, styles: stylesOf(scripts), catalogs: catalogsOf(catalogs) };
  }
  const common = [CATALOG_TABLE, ...ANTD_MODULES].flatMap((m) => {
    const fileName = byModule(m);
    if (!fileName) throw new Error(`boot-preload: no chunk for ${m}`);
    return files(fileName);
  });
  return { base, defaultLocale: DEFAULT_LOCALE, common: [...new Set(common)], tabs };
}

/** Fills index.html's `<script data-boot-preload></script>` and writes the list it reads beside it. */
export function bootPreload(): Plugin {
  let base = '/';
  return {
    name: 'h5:boot-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        if (!html.includes(MARKER)) throw new Error(`boot-preload: index.html lacks ${MARKER}`);
        // `<` never appears in the list (file names), so it cannot close its script element.
        const data = JSON.stringify(preloadData(ctx.bundle as unknown as OutputBundle, base));
        return html.replace(
          MARKER,
          `<script type="application/json" id="${DATA_ID}">${data}</script><script>${BOOT_PRELOAD_SCRIPT}</script>`,
        );
      },
    },
  };
}
