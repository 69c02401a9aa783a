import type { Locale } from '@contract/domain/locales';

/**
 * The index letter of a localized country name, so the area list can be grouped the way a reader
 * of that language expects: Latin initial (accents dropped), Chinese by pinyin initial, Korean by
 * initial consonant, Japanese kana by gojūon row, Thai by first consonant. Anything else is '#'.
 */

const PINYIN_LETTERS = 'ABCDEFGHJKLMNOPQRSTWXYZ';
// The first character of each pinyin initial in the pinyin collation.
const PINYIN_STARTS = '吖八嚓咑妸发旮铪讥咔垃妈拿噢妑七呥仨他屲夕丫帀';
const HANGUL_INITIALS = 'ㄱㄱㄴㄷㄷㄹㅁㅂㅂㅅㅅㅇㅈㅈㅊㅋㅌㅍㅎ';
const KANA_ROWS: Array<[number, string]> = [
  [0x30ee, 'ワ'],
  [0x30e9, 'ラ'],
  [0x30e3, 'ヤ'],
  [0x30de, 'マ'],
  [0x30cf, 'ハ'],
  [0x30ca, 'ナ'],
  [0x30bf, 'タ'],
  [0x30b5, 'サ'],
  [0x30ab, 'カ'],
  [0x30a1, 'ア'],
];
const OTHER = '#';

let pinyin: Intl.Collator | undefined;
const pinyinCollator = () => (pinyin ??= new Intl.Collator('zh-u-co-pinyin'));

function pinyinInitial(ch: string): string {
  const collator = pinyinCollator();
  for (let i = PINYIN_STARTS.length - 1; i >= 0; i--) {
    if (collator.compare(ch, PINYIN_STARTS[i]!) >= 0) return PINYIN_LETTERS[i]!;
  }
  return OTHER;
}

function kanaRow(code: number): string {
  const katakana = code >= 0x3041 && code <= 0x3096 ? code + 0x60 : code;
  if (katakana >= 0x30f4) return katakana === 0x30f4 ? 'ア' : 'カ';
  return KANA_ROWS.find(([start]) => katakana >= start)?.[1] ?? OTHER;
}

export function stripAccents(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '');
}

export function indexKey(name: string, locale: Locale): string {
  // Decomposing would split Hangul syllables and voiced kana, so only Latin is stripped.
  const latin = stripAccents(name.trim()).charAt(0);
  if (/[A-Za-z]/.test(latin)) return latin.toUpperCase();
  const first = String.fromCodePoint(name.trim().codePointAt(0) ?? 0x23);
  const code = first.codePointAt(0)!;
  if (code >= 0xac00 && code <= 0xd7a3) return HANGUL_INITIALS[Math.floor((code - 0xac00) / 588)]!;
  if ((code >= 0x3041 && code <= 0x3096) || (code >= 0x30a1 && code <= 0x30fa)) return kanaRow(code);
  if (/\p{Script=Han}/u.test(first)) return locale === 'zh' || locale === 'hk' ? pinyinInitial(first) : OTHER;
  if (/\p{Script=Thai}/u.test(first)) {
    // Thai vowels written before the consonant do not count for ordering.
    const consonant = name
      .trim()
      .replace(/^[\u0e40-\u0e44]/, '')
      .charAt(0);
    return /[\u0e01-\u0e2e]/.test(consonant) ? consonant : OTHER;
  }
  return OTHER;
}

/** Collator for sorting names inside the list; Chinese lists follow pinyin like their index. */
export function nameCollator(locale: Locale, bcp47: string): Intl.Collator {
  return locale === 'zh' || locale === 'hk' ? pinyinCollator() : new Intl.Collator(bcp47);
}

export function compareIndexKeys(a: string, b: string, collator: Intl.Collator): number {
  if (a === b) return 0;
  if (a === OTHER) return 1;
  if (b === OTHER) return -1;
  const latinA = /[A-Z]/.test(a);
  const latinB = /[A-Z]/.test(b);
  if (latinA !== latinB) return latinA ? -1 : 1;
  return latinA ? (a < b ? -1 : 1) : collator.compare(a, b);
}
