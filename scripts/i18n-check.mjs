// The test run's catalog check: extracts and compiles strictly like `npm run i18n`, but leaves the
// tracked catalogs as they were and fails when extraction would change them (a string added,
// changed or removed in the sources without `npm run i18n` and its translations).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './build.mjs';

const localesDir = join(root, 'src', 'locales');
const catalogFiles = () =>
  readdirSync(localesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(localesDir, d.name))
        .filter((f) => f.endsWith('.po'))
        .map((f) => join(localesDir, d.name, f)),
    );

/** Catalog text without the header's creation date, which every extract rewrites. */
const normalize = (text) => text.replace(/^"POT-Creation-Date: .*\\n"\n/m, '');

const before = new Map(catalogFiles().map((file) => [file, readFileSync(file, 'utf8')]));
const lingui = (args) =>
  spawnSync(process.execPath, [join(root, 'node_modules/@lingui/cli/dist/lingui.js'), ...args], {
    cwd: root,
    stdio: 'inherit',
  }).status === 0;

let ok = lingui(['extract', '--clean']);
const drift = [];
for (const file of catalogFiles()) {
  const was = before.get(file);
  if (was === undefined) drift.push(`${relative(root, file)} (new)`);
  else if (normalize(was) !== normalize(readFileSync(file, 'utf8'))) drift.push(relative(root, file));
}
for (const file of before.keys()) if (!catalogFiles().includes(file)) drift.push(`${relative(root, file)} (removed)`);
if (ok) ok = lingui(['compile', '--strict']);

// Put the tracked catalogs back exactly as they were.
for (const file of catalogFiles()) if (!before.has(file)) rmSync(file);
for (const [file, text] of before) writeFileSync(file, text);

if (drift.length > 0) {
  console.error(`Catalogs out of date with the sources; run \`npm run i18n\` and translate:\n  ${drift.join('\n  ')}`);
  process.exit(1);
}
process.exit(ok ? 0 : 1);
