import type { IncomingMessage } from 'node:http';
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

/** A request line as it starts a request: method, target, protocol. */
const REQUEST_LINE = /^[A-Z]+ (\S+) HTTP\/\d\.\d$/;

/**
 * The language of a request Node's HTTP parser refused (headers too large, malformed), from the
 * raw bytes it kept and the language of the connection's previous request (`earlier`). Node keeps
 * only the chunk it was reading: the whole head when the request came in one read, otherwise some
 * header lines from its middle (headers that came over the network in several reads).
 */
export function refusedRequestLocale(raw: Buffer | undefined, earlier: Locale | undefined): Locale {
  const lines = raw
    ? raw
        .subarray(0, 64 * 1024)
        .toString('latin1')
        .split('\r\n')
    : [];
  const url = REQUEST_LINE.exec(lines[0] ?? '')?.[1];
  // A chunk from the middle of the headers may start inside a line; a line cut there that still
  // reads "Accept-Language:" is as good a guess as any.
  const acceptLanguage = lines.find((line) => /^accept-language:/i.test(line))?.slice('accept-language:'.length);
  const byHeader = localeOfAcceptLanguage(acceptLanguage);
  if (url !== undefined) return localeOfUrl(url) ?? byHeader ?? earlier ?? DEFAULT_LOCALE;
  return earlier ?? byHeader ?? DEFAULT_LOCALE;
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/** `lang` of a form or JSON body's text (what the app sends on every POST); undefined otherwise. */
export function bodyTextLocale(contentType: string | undefined, text: string): Locale | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === FORM) {
    const lang = new URLSearchParams(text).get('lang');
    return isLocale(lang) ? lang : undefined;
  }
  if (type !== JSON_TYPE) return undefined;
  try {
    // JSON.parse defines "__proto__" as an own key and never touches a prototype; only `lang` is read.
    const parsed: unknown = JSON.parse(text);
    const lang = parsed && typeof parsed === 'object' ? (parsed as { lang?: unknown }).lang : undefined;
    return isLocale(lang) ? lang : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `lang` of a form or JSON body no one read, for a reply decided before the body (the rate limit
 * answers from the request's first hook). The app sends `lang` in its POST bodies, so without this
 * such a reply came in the default language. A body over `limit` bytes is not read.
 */
export async function unreadBodyLocale(raw: IncomingMessage, limit: number): Promise<Locale | undefined> {
  const type = raw.headers['content-type'];
  if (!type || raw.readableEnded || Number(raw.headers['content-length'] ?? 0) > limit) return undefined;
  if (!type.startsWith(FORM) && !type.startsWith(JSON_TYPE)) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of raw as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) return undefined;
      chunks.push(chunk);
    }
  } catch {
    return undefined; // the client went away
  }
  return bodyTextLocale(type, Buffer.concat(chunks).toString('utf8'));
}
