/**
 * Demo content, inserted in demo mode when there is no content at all (so items an admin deleted
 * do not come back at the next start): three news articles, three banners, one popup notice,
 * eight FAQ entries and the three info pages, published, in all 8 locales.
 */
import type { BannerArt, ContentKind, ContentPage } from '@contract/content';
import { LOCALES } from '@contract/domain/locales';
import type { Db } from '../../db/client';
import { inTransaction } from '../../ledger/index';
import { insertItemOnce, itemCount, itemIdByCode } from './repo';
import { SEED_TEXTS, type SeedKey } from './seed-data';
import { sanitizeBody } from './service';

const HOUR = 3_600_000;

interface SeedItem {
  key: SeedKey;
  kind: ContentKind;
  sort?: number;
  image?: BannerArt;
  /** A banner opens this seeded news article. */
  link?: SeedKey;
  page?: ContentPage;
  /** Published this many hours before the first start. */
  ageHours: number;
}

const ITEMS: SeedItem[] = [
  { key: 'news_demo', kind: 'news', ageHours: 2 },
  { key: 'news_liquidation', kind: 'news', ageHours: 26 },
  { key: 'news_security', kind: 'news', ageHours: 75 },
  { key: 'banner_demo', kind: 'banner', sort: 1, image: 'sunrise', link: 'news_demo', ageHours: 75 },
  { key: 'banner_security', kind: 'banner', sort: 2, image: 'ocean', link: 'news_security', ageHours: 75 },
  { key: 'banner_futures', kind: 'banner', sort: 3, image: 'violet', link: 'news_liquidation', ageHours: 26 },
  { key: 'popup_welcome', kind: 'popup', ageHours: 1 },
  ...(
    [
      'faq_register',
      'faq_identity',
      'faq_recharge',
      'faq_withdraw_time',
      'faq_limits',
      'faq_pay_password',
      'faq_liquidation',
      'faq_lock_penalty',
    ] as const
  ).map((key, i) => ({ key, kind: 'faq' as const, sort: i + 1, ageHours: 100 })),
  { key: 'page_aboutus', kind: 'page', page: 'aboutus', sort: 1, ageHours: 100 },
  { key: 'page_contactus', kind: 'page', page: 'contactus', sort: 2, ageHours: 100 },
  { key: 'page_compliance', kind: 'page', page: 'operational_compliance', sort: 3, ageHours: 100 },
];

export async function seedDemoContent(db: Db, now: Date): Promise<void> {
  if ((await itemCount(db)) > 0) return;
  await inTransaction(db, async (tx) => {
    const ids = new Map<SeedKey, number>();
    for (const item of ITEMS) {
      const at = new Date(now.getTime() - item.ageHours * HOUR);
      const code = `demo-${item.key}`;
      await insertItemOnce(
        tx,
        {
          code,
          kind: item.kind,
          pageKey: item.page ?? null,
          sort: item.sort ?? 0,
          image: item.image ?? '',
          linkId: item.link ? (ids.get(item.link) ?? null) : null,
          published: true,
          publishedAt: at,
          createdAt: at,
          updatedAt: at,
        },
        await Promise.all(
          LOCALES.map(async (locale) => {
            const [title, summary, body] = SEED_TEXTS[locale][item.key];
            return { locale, title, summary, body: await sanitizeBody(body), updatedAt: at };
          }),
        ),
      );
      const id = await itemIdByCode(tx, code);
      if (id !== undefined) ids.set(item.key, id);
    }
  });
}
