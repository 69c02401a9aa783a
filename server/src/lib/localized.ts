import type { Locale } from '@contract/domain/locales';

/**
 * A row's texts in other languages, by locale then field (`{ th: { name: '…' } }`). The row's own
 * columns hold the English text, which every language falls back to: a row made before the
 * translations, or by an admin in one language, reads the same in every locale.
 */
export type LocalizedTexts = Partial<Record<Locale, Record<string, string>>>;

/** `field` of a row in `lang`, or its English column when that language has no text for it. */
export function textIn(texts: LocalizedTexts | null | undefined, lang: Locale, field: string, english: string): string {
  const text = texts?.[lang]?.[field];
  return typeof text === 'string' && text.trim() !== '' ? text : english;
}
