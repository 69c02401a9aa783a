import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { LOCALES } from './domain/locales';
import { choice, count, id, limit, page, requiredText, text } from './domain/wire';

/**
 * Content (SPEC.md section 7 "Content"): news, banners, the popup notice, the FAQ and the info
 * pages (about us, contact us, operational compliance), each stored per locale and answered in the
 * request's `lang`, falling back to English where that locale has no text (`locale` in a reply
 * says which one was used). Only published items reach users. Bodies are HTML, sanitised by the
 * server when saved (and again by the client before rendering).
 */

/** Kinds of content item. `c_id` of `/news/list`: 4 news, 5 banners. */
export const CONTENT_KINDS = ['news', 'banner', 'popup', 'faq', 'page'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const NEWS_CATEGORY = { news: 4, banner: 5 } as const;

/** The info pages, each one item of kind `page`. */
export const CONTENT_PAGES = ['aboutus', 'contactus', 'operational_compliance'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

/** Banner artwork: one of the app's CSS gradients (no external images). */
export const BANNER_ARTS = ['sunrise', 'ocean', 'forest', 'violet'] as const;
export type BannerArt = (typeof BANNER_ARTS)[number];

export const CONTENT_TITLE_MAX = 120;
export const CONTENT_SUMMARY_MAX = 300;
/** HTML body, before sanitising (the body limit of a request is 64 KB). */
export const CONTENT_BODY_MAX = 20_000;

const locale = z.enum(LOCALES);

/** A news item or banner in a list. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  c_id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** Banner artwork (`BANNER_ARTS`); empty for news. */
  image: z.string(),
  /** A banner's news article, opened on tap; null when it opens nothing. */
  link_id: z.number().int().nullable(),
  /** The locale of the texts (the request's, or `en` as the fallback). */
  locale,
  published_at: z.number().int(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** One article (news or popup notice) with its sanitised HTML body. */
export const articleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_KINDS),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  locale,
  published_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Article = z.infer<typeof articleSchema>;

export const faqEntrySchema = z.object({
  id: z.number().int(),
  question: z.string(),
  /** Sanitised HTML. */
  answer: z.string(),
  locale,
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;

/** An info page: `title` and sanitised HTML `body`. */
export const infoPageSchema = z.object({
  key: z.enum(CONTENT_PAGES),
  title: z.string(),
  body: z.string(),
  locale,
  updated_at: z.number().int(),
});
export type InfoPage = z.infer<typeof infoPageSchema>;

export const newsIndexPop = endpoint({
  method: 'GET',
  path: '/news/index_pop',
  auth: false,
  summary: 'The current popup notice of the home screen (the newest published one), or null',
  tags: ['content'],
  request: z.object({}),
  response: articleSchema.nullable(),
});

export const newsList = endpoint({
  method: 'POST',
  path: '/news/list',
  auth: false,
  summary: 'Published news (c_id 4) or banners (c_id 5), newest first (banners by their order), paged',
  tags: ['content'],
  request: z.object({
    c_id: choice([NEWS_CATEGORY.news, NEWS_CATEGORY.banner] as const).default(NEWS_CATEGORY.news),
    page: page(),
    limit: limit(),
  }),
  response: pagedSchema(newsItemSchema),
});

export const newsDetail = endpoint({
  method: 'POST',
  path: '/news/detail',
  auth: false,
  summary: 'One published news article or popup notice (unknown or unpublished: content_not_found)',
  tags: ['content'],
  request: z.object({ id: id('field_required') }),
  response: articleSchema,
});

export const menuEntrySchema = z.object({ key: z.enum(CONTENT_PAGES), title: z.string() });

export const menu = endpoint({
  method: 'GET',
  path: '/menu',
  auth: false,
  summary: 'The published info pages (key and title), for the help menu',
  tags: ['content'],
  request: z.object({}),
  response: z.array(menuEntrySchema),
});

export const faq = endpoint({
  method: 'GET',
  path: '/faq',
  auth: false,
  summary: 'The published FAQ entries in order',
  tags: ['content'],
  request: z.object({}),
  response: z.array(faqEntrySchema),
});

const pageEndpoint = (key: ContentPage, summary: string) =>
  endpoint({
    method: 'GET',
    path: `/${key}`,
    auth: false,
    summary: `${summary} (not published: content_not_found)`,
    tags: ['content'],
    request: z.object({}),
    response: infoPageSchema,
  });

export const contactus = pageEndpoint('contactus', 'The contact us page');
export const aboutus = pageEndpoint('aboutus', 'The about us page');
export const operationalCompliance = pageEndpoint('operational_compliance', 'The operational compliance page');

// ---- Console (admin) ----

export const contentTextSchema = z.object({
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  updated_at: z.number().int(),
});

/** An item as the console sees it: every locale's text (absent locales are missing). */
export const adminContentItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_KINDS),
  page_key: z.enum(CONTENT_PAGES).nullable(),
  sort: z.number().int(),
  image: z.string(),
  link_id: z.number().int().nullable(),
  published: z.boolean(),
  published_at: z.number().int().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  texts: z.partialRecord(locale, contentTextSchema),
});
export type AdminContentItem = z.infer<typeof adminContentItemSchema>;

export const adminContentList = endpoint({
  method: 'GET',
  path: '/admin/content/list',
  auth: 'admin',
  summary: 'Content items of one kind with the texts of every locale, published or not',
  tags: ['admin'],
  request: z.object({ kind: z.enum(CONTENT_KINDS, { error: 'field_invalid' }), page: page(), limit: limit() }),
  response: pagedSchema(adminContentItemSchema),
});

/**
 * Creates (no `id`) or updates an item's settings. A `page` item needs `page_key` (one item per
 * page); a banner's `image` is one of `BANNER_ARTS`. New items start unpublished. Audited.
 */
export const adminContentSave = endpoint({
  method: 'POST',
  path: '/admin/content/save',
  auth: 'admin',
  summary: 'Create or update a content item (kind, order, banner art and link); audited',
  tags: ['admin'],
  request: z.object({
    id: id().optional(),
    kind: z.enum(CONTENT_KINDS, { error: 'field_invalid' }),
    page_key: z.enum(CONTENT_PAGES, { error: 'field_invalid' }).optional(),
    sort: count('field_invalid', 10_000).default(0),
    image: z.enum(BANNER_ARTS, { error: 'field_invalid' }).optional(),
    link_id: id().optional(),
  }),
  response: adminContentItemSchema,
});

/** Sets one locale's text of an item; the body's HTML is sanitised before it is stored. Audited. */
export const adminContentText = endpoint({
  method: 'POST',
  path: '/admin/content/text',
  auth: 'admin',
  summary: "Set one locale's title, summary and HTML body of a content item (sanitised); audited",
  tags: ['admin'],
  request: z.object({
    id: id('field_required'),
    locale: z.enum(LOCALES, { error: 'field_invalid' }),
    title: requiredText({ max: CONTENT_TITLE_MAX }),
    summary: text({ max: CONTENT_SUMMARY_MAX, multiline: true }).default(''),
    body: text({ max: CONTENT_BODY_MAX, multiline: true }).default(''),
  }),
  response: adminContentItemSchema,
});

/** Publishes (needs an English text, the fallback of every locale) or withdraws an item. Audited. */
export const adminContentPublish = endpoint({
  method: 'POST',
  path: '/admin/content/publish',
  auth: 'admin',
  summary: 'Publish or withdraw a content item (publishing needs its English text); audited',
  tags: ['admin'],
  request: z.object({
    id: id('field_required'),
    published: z.enum(['0', '1'], { error: 'field_invalid' }),
  }),
  response: adminContentItemSchema,
});

export const adminContentDelete = endpoint({
  method: 'POST',
  path: '/admin/content/delete',
  auth: 'admin',
  summary: 'Delete a content item and its texts; audited',
  tags: ['admin'],
  request: z.object({ id: id('field_required') }),
  response: z.object({ id: z.number().int() }),
});
