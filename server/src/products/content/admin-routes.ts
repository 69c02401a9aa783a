import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/content';
import { AppError } from '../../errors';
import { inTransaction } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { audit } from '../../audit/index';
import { deleteItem, insertItem, itemPage, lockItem, pageItemByKey, textsOf, updateItem, upsertText } from './repo';
import { adminItemView, FALLBACK_LOCALE, notFound, sanitizeBody } from './service';

/** The console's content: articles, banners, pages and their texts in every language, drafted and published. */
export function contentAdminRoutes(app: FastifyInstance): void {
  const now = () => app.ctx.now();

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
  contentPublishRoutes(app);
}

/** Publishing and deleting: each decision with its audit row. */
function contentPublishRoutes(app: FastifyInstance): void {
  const now = () => app.ctx.now();
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
