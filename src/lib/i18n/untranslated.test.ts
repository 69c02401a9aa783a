import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const localesDir = join(import.meta.dirname, '..', '..', 'locales');

/** Locales written in a script other than Latin: an English word left in them is untranslated. */
const NON_LATIN = ['zh', 'hk', 'th', 'jp', 'kor'] as const;

/** Names and terms kept as they are in every language: a brand, a cryptographic term. */
const KEPT = new Set(['Binance', 'Salt']);

/** Pairs of msgid and msgstr of a `.po` text (single-line entries, as Lingui writes short ones). */
function entries(text: string): { id: string; str: string }[] {
  const pairs: { id: string; str: string }[] = [];
  const pattern = /^msgid "(.*)"\nmsgstr "(.*)"$/gm;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) pairs.push({ id: m[1] ?? '', str: m[2] ?? '' });
  return pairs;
}

/** Whether a message has English words (acronyms such as NFT or USDT stay as they are) once its placeholders and tags are taken out. */
const hasWords = (id: string) => /[a-z]{3,}/.test(id.replace(/\{[^}]*\}|<\/?\d+>/g, ''));

test('catalogs in non-Latin scripts leave no English message untranslated', () => {
  const untranslated: string[] = [];
  for (const locale of NON_LATIN) {
    const dir = join(localesDir, locale);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.po'))) {
      for (const { id, str } of entries(readFileSync(join(dir, file), 'utf8'))) {
        if (id !== '' && str === id && hasWords(id) && !KEPT.has(id)) untranslated.push(`${locale}/${file}: ${id}`);
      }
    }
  }
  expect(untranslated).toEqual([]);
});

test('counts of days, hours, minutes, weeks and shares take plural forms ("1 day", never "1 days")', () => {
  const dir = join(localesDir, 'en');
  const bare: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.po'))) {
    for (const { id } of entries(readFileSync(join(dir, file), 'utf8'))) {
      if (/\{\w+\} (days?|hours?|minutes?|weeks?|shares?)\b/.test(id)) bare.push(`${file}: ${id}`);
    }
  }
  expect(bare).toEqual([]);
});
