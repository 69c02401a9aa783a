import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../contract/domain/locales';

/**
 * The reply language of a request when no route read its body: `lang` of the query, then the
 * Accept-Language header, then the default (hk). Routes bound from the contract also read `lang`
 * from the body (plugins/contract.ts).
 */

/** BCP 47 primary tags (and Chinese scripts and regions) to the product's locale codes. */
function localeOfTag(tag: string): Locale | undefined {
  const t = tag.trim().toLowerCase();
  if (isLocale(t)) return t;
  const [primary = '', ...rest] = t.split('-');
  if (primary === 'zh') {
    return rest.some((part) => ['hant', 'hk', 'tw', 'mo'].includes(part)) ? 'hk' : 'zh';
  }
  const byPrimary: Record<string, Locale> = { en: 'en', th: 'th', ja: 'jp', ko: 'kor', fr: 'fra', es: 'spa' };
  return byPrimary[primary];
}

/** The best supported language of an Accept-Language header, by quality then by order. */
export function localeOfAcceptLanguage(header: unknown): Locale | undefined {
  if (typeof header !== 'string' || header.length > 1000) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { locale: localeOfTag(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.locale !== undefined && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.locale;
}

/** `lang` of a URL's query string. */
export function localeOfUrl(url: string | undefined): Locale | undefined {
  const query = url?.split('?')[1];
  if (!query) return undefined;
  const lang = new URLSearchParams(query).get('lang');
  return lang !== null && isLocale(lang) ? lang : undefined;
}

/** The language of a request from its URL and headers alone. */
export function requestLocale(url: string | undefined, headers: Record<string, unknown>): Locale {
  return localeOfUrl(url) ?? localeOfAcceptLanguage(headers['accept-language']) ?? DEFAULT_LOCALE;
}

/**
 * The language of a request Node's HTTP parser refused (headers too large, malformed), from the
 * raw bytes it kept: the request line and whatever header lines arrived.
 */
export function rawRequestLocale(raw: Buffer | undefined): Locale {
  if (!raw) return DEFAULT_LOCALE;
  const head = raw.subarray(0, 64 * 1024).toString('latin1');
  const [requestLine = '', ...headerLines] = head.split('\r\n');
  const url = requestLine.split(' ')[1];
  const acceptLanguage = headerLines.find((line) => /^accept-language:/i.test(line))?.slice('accept-language:'.length);
  return requestLocale(url, { 'accept-language': acceptLanguage });
}
