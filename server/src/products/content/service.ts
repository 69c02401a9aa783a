/** Content rules without SQL: sanitising, locale fallback, and the shapes of replies. */
import { AppError } from '../../errors';
import type sanitizeHtml from 'sanitize-html';
import type { AdminContentItem, ContentKind } from '@contract/content';
import { ARTICLE_LINK_SCHEMES, ARTICLE_TAGS } from '@contract/domain/article-html';
import type { Locale } from '@contract/domain/locales';
import type { ContentItemRow, ContentTextRow } from '../../db/schema/index';

/** The locale every item must have, shown where the request's locale has no text. */
export const FALLBACK_LOCALE: Locale = 'en';

const sanitizeOptions = (sanitize: typeof sanitizeHtml): sanitizeHtml.IOptions => ({
  allowedTags: [...ARTICLE_TAGS],
  // target and rel are set by the transform below (which runs before attributes are filtered).
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: [...ARTICLE_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Links leave the app in a new tab without handing it a reference to this window.
  transformTags: {
    a: sanitize.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
  disallowedTagsMode: 'discard',
});

/** The sanitiser (an HTML and a CSS parser) loads with the first text saved, not at every start. */
let sanitizer: Promise<(html: string) => string> | undefined;

/** Rich text as stored: only formatting tags, links with safe schemes, no scripts or handlers. */
export async function sanitizeBody(html: string): Promise<string> {
  sanitizer ??= import('sanitize-html').then(({ default: sanitize }) => {
    const options = sanitizeOptions(sanitize);
    return (body: string) => sanitize(body, options);
  });
  return (await sanitizer)(html).trim();
}

const ms = (d: Date | null | undefined): number => (d ? d.getTime() : 0);

/** The text of each item in `lang`, else in English; items with neither are left out. */
export function pickTexts(texts: ContentTextRow[], lang: Locale): Map<number, ContentTextRow> {
  const picked = new Map<number, ContentTextRow>();
  for (const t of texts) {
    if (t.locale !== lang && t.locale !== FALLBACK_LOCALE) continue;
    const had = picked.get(t.itemId);
    if (!had || (had.locale !== lang && t.locale === lang)) picked.set(t.itemId, t);
  }
  return picked;
}

export const localeOf = (t: ContentTextRow): Locale => t.locale as Locale;

export function newsView(item: ContentItemRow, text: ContentTextRow, cId: number) {
  return {
    id: item.id,
    c_id: cId,
    title: text.title,
    summary: text.summary,
    image: item.image,
    link_id: item.linkId,
    locale: localeOf(text),
    published_at: ms(item.publishedAt),
  };
}

export function articleView(item: ContentItemRow, text: ContentTextRow) {
  return {
    id: item.id,
    kind: item.kind,
    title: text.title,
    summary: text.summary,
    body: text.body,
    locale: localeOf(text),
    published_at: ms(item.publishedAt),
    updated_at: Math.max(ms(item.updatedAt), ms(text.updatedAt)),
  };
}

export function adminItemView(item: ContentItemRow, texts: ContentTextRow[]): AdminContentItem {
  const byLocale: AdminContentItem['texts'] = {};
  for (const t of texts) {
    if (t.itemId !== item.id) continue;
    byLocale[localeOf(t)] = { title: t.title, summary: t.summary, body: t.body, updated_at: ms(t.updatedAt) };
  }
  return {
    id: item.id,
    kind: item.kind,
    page_key: item.pageKey,
    sort: item.sort,
    image: item.image,
    link_id: item.linkId,
    published: item.published,
    published_at: item.publishedAt ? ms(item.publishedAt) : null,
    created_at: ms(item.createdAt),
    updated_at: ms(item.updatedAt),
    texts: byLocale,
  };
}

/** Kinds `/news/detail` opens: news articles and the popup notice's full text. */
export const DETAIL_KINDS: ContentKind[] = ['news', 'popup'];

/** A content item that does not exist or is not published. */
export const notFound = (field?: string) => new AppError('content_not_found', field ? { field } : {});
