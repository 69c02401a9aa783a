import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/content';
import { NEWS_CATEGORY, type ContentPage } from '@contract/content';
import { AppError } from '../../errors';
import { inTransaction } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { bindEndpoint, signedIn, type HandlerContext } from '../../plugins/contract';
import { audit } from '../../admin/repo';
import {
  deleteItem,
  insertItem,
  itemPage,
  lockItem,
  pageItemByKey,
  publishedAll,
  publishedInfoPage,
  publishedItem,
  publishedPage,
  textsOf,
  updateItem,
  upsertText,
} from './repo';
import { seedDemoContent } from './seed';
import {
  adminItemView,
  articleView,
  DETAIL_KINDS,
  FALLBACK_LOCALE,
  localeOf,
  newsView,
  pickTexts,
  sanitizeBody,
} from './service';

const notFound = (field?: string) => new AppError('content_not_found', field ? { field } : {});

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.ctx.now();
  if (app.ctx.config.mode === 'demo') await seedDemoContent(app.ctx.db, now());

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

  // ---- Console ----

  bindEndpoint(app, contract.adminContentList, async (input, h) => {
    const { rows, total } = await itemPage(h.ctx.db, input.kind, input);
    const texts = await textsOf(
      h.ctx.db,
      rows.map((r) => r.id),
    );
    return paged(
      rows.map((r) => adminItemView(r, texts)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.adminContentSave, async (input, h) => {
    const admin = signedIn(h).user;
    const at = now();
    if (input.kind === 'page' && !input.page_key)
      throw new AppError('content_page_key_required', { field: 'page_key' });
    const columns = {
      kind: input.kind,
      pageKey: input.kind === 'page' ? (input.page_key ?? null) : null,
      sort: input.sort,
      image: input.kind === 'banner' ? (input.image ?? 'sunrise') : '',
      linkId: input.kind === 'banner' ? (input.link_id ?? null) : null,
    };
    return inTransaction(h.ctx.db, async (tx) => {
      let before = null;
      if (input.id !== undefined) {
        before = await lockItem(tx, input.id);
        if (!before) throw notFound('id');
        // An item keeps its kind: a news article does not become a banner under its readers.
        if (before.kind !== input.kind) throw new AppError('field_invalid', { field: 'kind' });
      }
      if (columns.pageKey) {
        const other = await pageItemByKey(tx, columns.pageKey);
        if (other && other.id !== input.id) throw new AppError('content_page_exists', { field: 'page_key' });
      }
      const row = before
        ? await updateItem(tx, before.id, { ...columns, updatedAt: at })
        : await insertItem(tx, { ...columns, published: false, createdAt: at, updatedAt: at });
      await audit(tx, {
        adminId: admin.id,
        action: before ? 'content.update' : 'content.create',
        entity: 'content_item',
        entityId: row.id,
        before,
        after: row,
        at,
      });
      return adminItemView(row, await textsOf(tx, [row.id]));
    });
  });

  bindEndpoint(app, contract.adminContentText, async (input, h) => {
    const admin = signedIn(h).user;
    const at = now();
    return inTransaction(h.ctx.db, async (tx) => {
      const item = await lockItem(tx, input.id);
      if (!item) throw notFound('id');
      const beforeTexts = await textsOf(tx, [item.id], [input.locale]);
      await upsertText(tx, {
        itemId: item.id,
        locale: input.locale,
        title: input.title,
        summary: input.summary,
        body: await sanitizeBody(input.body),
        updatedAt: at,
      });
      const row = await updateItem(tx, item.id, { updatedAt: at });
      const texts = await textsOf(tx, [item.id]);
      await audit(tx, {
        adminId: admin.id,
        action: 'content.text',
        entity: 'content_item',
        entityId: item.id,
        before: { locale: input.locale, text: beforeTexts[0] ?? null },
        after: { locale: input.locale, text: texts.find((t) => t.locale === input.locale) ?? null },
        at,
      });
      return adminItemView(row, texts);
    });
  });

  bindEndpoint(app, contract.adminContentPublish, async (input, h) => {
    const admin = signedIn(h).user;
    const at = now();
    const publish = input.published === '1';
    return inTransaction(h.ctx.db, async (tx) => {
      const before = await lockItem(tx, input.id);
      if (!before) throw notFound('id');
      const texts = await textsOf(tx, [before.id]);
      // English is every locale's fallback: nothing is published that some language cannot show.
      if (publish && !texts.some((t) => t.locale === FALLBACK_LOCALE)) {
        throw new AppError('content_english_required', { field: 'id' });
      }
      const row = await updateItem(tx, before.id, {
        published: publish,
        publishedAt: publish ? (before.publishedAt ?? at) : before.publishedAt,
        updatedAt: at,
      });
      await audit(tx, {
        adminId: admin.id,
        action: publish ? 'content.publish' : 'content.withdraw',
        entity: 'content_item',
        entityId: row.id,
        before,
        after: row,
        at,
      });
      return adminItemView(row, texts);
    });
  });

  bindEndpoint(app, contract.adminContentDelete, async (input, h) => {
    const admin = signedIn(h).user;
    const at = now();
    return inTransaction(h.ctx.db, async (tx) => {
      const before = await lockItem(tx, input.id);
      if (!before) throw notFound('id');
      const texts = await textsOf(tx, [before.id]);
      await deleteItem(tx, before.id);
      await audit(tx, {
        adminId: admin.id,
        action: 'content.delete',
        entity: 'content_item',
        entityId: before.id,
        before: { item: before, texts },
        after: null,
        at,
      });
      return { id: before.id };
    });
  });
}
