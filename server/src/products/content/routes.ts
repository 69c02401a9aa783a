import type { FastifyInstance } from 'fastify';
import { contentAdminRoutes } from './admin-routes';
import * as contract from '@contract/content';
import { NEWS_CATEGORY, type ContentPage } from '@contract/content';
import { paged } from '../../lib/paging';
import { bindEndpoint, type HandlerContext } from '../../plugins/contract';
import { publishedAll, publishedInfoPage, publishedItem, publishedPage, textsOf } from './repo';
import { articleView, DETAIL_KINDS, FALLBACK_LOCALE, localeOf, newsView, pickTexts, notFound } from './service';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const localesOf = (h: HandlerContext) => [h.lang, FALLBACK_LOCALE];

  bindEndpoint(app, contract.newsList, async (input, h) => {
    const kind = input.c_id === NEWS_CATEGORY.banner ? 'banner' : 'news';
    const { rows, total } = await publishedPage(h.ctx.db, kind, input);
    const texts = pickTexts(
      await textsOf(
        h.ctx.db,
        rows.map((r) => r.id),
        localesOf(h),
      ),
      h.lang,
    );
    const data = rows.flatMap((r) => {
      const text = texts.get(r.id);
      return text ? [newsView(r, text, input.c_id)] : [];
    });
    return paged(data, total, input);
  });

  bindEndpoint(app, contract.newsDetail, async (input, h) => {
    const item = await publishedItem(h.ctx.db, input.id, DETAIL_KINDS);
    const text = item && pickTexts(await textsOf(h.ctx.db, [item.id], localesOf(h)), h.lang).get(item.id);
    if (!item || !text) throw notFound('id');
    return articleView(item, text);
  });

  bindEndpoint(app, contract.newsIndexPop, async (_input, h) => {
    const [item] = await publishedAll(h.ctx.db, 'popup', 1);
    if (!item) return null;
    const text = pickTexts(await textsOf(h.ctx.db, [item.id], localesOf(h)), h.lang).get(item.id);
    return text ? articleView(item, text) : null;
  });

  bindEndpoint(app, contract.faq, async (_input, h) => {
    const rows = await publishedAll(h.ctx.db, 'faq');
    const texts = pickTexts(
      await textsOf(
        h.ctx.db,
        rows.map((r) => r.id),
        localesOf(h),
      ),
      h.lang,
    );
    return rows.flatMap((r) => {
      const t = texts.get(r.id);
      return t ? [{ id: r.id, question: t.title, answer: t.body, locale: localeOf(t) }] : [];
    });
  });

  bindEndpoint(app, contract.menu, async (_input, h) => {
    const rows = await publishedAll(h.ctx.db, 'page');
    const texts = pickTexts(
      await textsOf(
        h.ctx.db,
        rows.map((r) => r.id),
        localesOf(h),
      ),
      h.lang,
    );
    return rows.flatMap((r) => {
      const t = texts.get(r.id);
      return t && r.pageKey ? [{ key: r.pageKey, title: t.title }] : [];
    });
  });

  const infoPage = (key: ContentPage) => async (_input: unknown, h: HandlerContext) => {
    const item = await publishedInfoPage(h.ctx.db, key);
    const text = item && pickTexts(await textsOf(h.ctx.db, [item.id], localesOf(h)), h.lang).get(item.id);
    if (!item || !text) throw notFound();
    const view = articleView(item, text);
    return { key, title: view.title, body: view.body, locale: view.locale, updated_at: view.updated_at };
  };
  bindEndpoint(app, contract.aboutus, infoPage('aboutus'));
  bindEndpoint(app, contract.contactus, infoPage('contactus'));
  bindEndpoint(app, contract.operationalCompliance, infoPage('operational_compliance'));

  contentAdminRoutes(app);
}
