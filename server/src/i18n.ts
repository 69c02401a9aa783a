import { DEFAULT_LOCALE, isLocale, toLocale, type Locale } from '@contract/domain/locales';
import { formatMessage, type Messages } from '@contract/messages/index';
import en from '@contract/messages/en';
import fra from '@contract/messages/fra';
import hk from '@contract/messages/hk';
import jp from '@contract/messages/jp';
import kor from '@contract/messages/kor';
import spa from '@contract/messages/spa';
import th from '@contract/messages/th';
import zh from '@contract/messages/zh';

// The server answers in any locale at any time, so every catalogue is loaded up front.
const catalogs: Record<Locale, Messages> = { zh, en, hk, th, jp, kor, fra, spa };

export { DEFAULT_LOCALE, toLocale, type Locale };

export function catalogOf(locale: Locale): Messages {
  return catalogs[locale];
}

/** A localized message; `field` (a request field name) is replaced by its localized label. */
export function translate(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  return formatMessage(catalogs[locale], key, values);
}

/**
 * Reads `lang` from a parsed body or query without trusting its shape. A value that names no
 * locale is passed over, so the next source (the query's `lang`, Accept-Language) still decides.
 */
export function langFrom(...sources: unknown[]): Locale | undefined {
  for (const source of sources) {
    if (source && typeof source === 'object' && !Array.isArray(source)) {
      const lang = (source as Record<string, unknown>).lang;
      if (isLocale(lang)) return lang;
    }
  }
  return undefined;
}
