import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Paints home's welcome card with its real text, in the visitor's stored language, before any
 * module runs. That text is home's largest element: drawn by React it waited for the entry, the
 * catalog and the first render (Lighthouse: 83 % of LCP was render delay). The card's title and
 * line come from the `shell` catalogs at build time, so the frame says exactly what home then
 * draws at the same place and size, and the largest paint is the frame's.
 *
 * index.html holds `<script data-boot-welcome></script>` right after the card's place; this fills
 * it. The policy allows scripts from our origin only, so the build writes the script's hash to
 * `csp-hashes.json`, which the server adds to `script-src` (server/src/plugins/security.ts).
 */
export const CSP_HASHES_FILE = 'csp-hashes.json';
const MARKER = '<script data-boot-welcome></script>';
const LOCALES = ['zh', 'en', 'hk', 'th', 'jp', 'kor', 'fra', 'spa'] as const;
/** Home's welcome card (src/features/home/components/Greeting.tsx) for a visitor. */
const MESSAGES = ['Welcome to {siteName}', 'Log in to trade, earn and manage your assets.'];
/** The name home shows until the site configuration is stored, as in index.html's brand bar. */
const DEFAULT_SITE_NAME = 'H5 Exchange';

/** `msgstr` of each wanted `msgid` in a Lingui .po catalog (single-line entries, as Lingui writes them). */
function translations(po: string): string[] {
  const found = new Map<string, string>();
  const entry = /^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm;
  for (const m of po.matchAll(entry)) found.set(JSON.parse(m[1]!) as string, JSON.parse(m[2]!) as string);
  return MESSAGES.map((id) => {
    const text = found.get(id);
    if (!text) throw new Error(`boot-welcome: "${id}" is not translated`);
    return text;
  });
}

function bootScript(): string {
  const texts = Object.fromEntries(
    LOCALES.map((l) => [
      l,
      translations(readFileSync(fileURLToPath(new URL(`../src/locales/${l}/shell.po`, import.meta.url)), 'utf8')),
    ]),
  );
  // Storage values are JSON (src/lib/state/storage.ts); anything unreadable leaves the card empty.
  return `(function(t,d){try{var g=function(k){return JSON.parse(localStorage.getItem(k)||'null')};if(g('token'))return;var m=t[g('lang')]||t.hk,s=(g('site')||{}).site_name||d,c=document.getElementById('boot-welcome'),h=document.createElement('h2'),p=document.createElement('p');h.textContent=m[0].replace('{siteName}',s);p.textContent=m[1];c.append(h,p)}catch(e){}})(${JSON.stringify(texts)},${JSON.stringify(DEFAULT_SITE_NAME)})`;
}

export const scriptHash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

/** `alsoAllowed`: index.html's other inline scripts, whose hashes go into the same file. */
export function bootWelcome(alsoAllowed: readonly string[] = []): Plugin {
  let code = '';
  return {
    name: 'h5:boot-welcome',
    buildStart() {
      code = bootScript();
    },
    transformIndexHtml(html) {
      if (!html.includes(MARKER)) throw new Error(`boot-welcome: index.html lacks ${MARKER}`);
      return html.replace(MARKER, `<script>${code}</script>`);
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: CSP_HASHES_FILE,
        source: JSON.stringify({ script: [code, ...alsoAllowed].map(scriptHash) }),
      });
    },
  };
}
