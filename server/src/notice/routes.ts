import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/notice';
import type { Notice } from '@contract/notice';
import { categoryOf, pushEventSchema } from '@contract/push';
import type { NoticeRow } from '../db/schema/index';
import { AppError } from '../errors';
import type { Locale } from '../i18n';
import { bindEndpoint, signedIn } from '../plugins/contract';
import type { PushTexts } from '../push/texts';
import { markAllNoticesRead, markNoticeRead, noticePage, unreadOf } from './repo';

/**
 * A stored notice in the reader's language: the same texts, route and actions its push carries,
 * rendered with the same table as the push (`push/texts.ts`).
 */
function view(texts: PushTexts, row: NoticeRow, lang: Locale): Notice {
  const event = pushEventSchema.parse(row.event);
  const r = texts.render(event, lang);
  return {
    id: row.id,
    type: event.type,
    category: categoryOf(event.type),
    title: r.title,
    body: r.body,
    route: r.route,
    actions: r.actions,
    created_at: row.createdAt.getTime(),
    read: row.readAt !== null,
  };
}

export interface NoticeRoutesOptions {
  /** What each notice says in each language: the app's table of renderers (`wiring.ts`). */
  texts: PushTexts;
}

/** The notification inbox of the signed-in user (`contract/notice.ts`). */
export async function noticeRoutes(app: FastifyInstance, { texts }: NoticeRoutesOptions): Promise<void> {
  const { ctx } = app;

  bindEndpoint(app, contract.noticeList, async ({ before_id, limit, category }, h) => {
    const page = await noticePage(ctx.db, signedIn(h).user.id, { beforeId: before_id, limit, category });
    return { list: page.rows.map((r) => view(texts, r, h.lang)), has_more: page.more };
  });

  bindEndpoint(app, contract.noticeUnread, (_input, h) => unreadOf(ctx.db, signedIn(h).user.id));

  bindEndpoint(app, contract.noticeRead, async ({ id }, h) => {
    const userId = signedIn(h).user.id;
    if (!(await markNoticeRead(ctx.db, userId, id, ctx.now()))) throw new AppError('record_not_found', { field: 'id' });
    return unreadOf(ctx.db, userId);
  });

  bindEndpoint(app, contract.noticeReadAll, async ({ category }, h) => {
    const userId = signedIn(h).user.id;
    await markAllNoticesRead(ctx.db, userId, category, ctx.now());
    return unreadOf(ctx.db, userId);
  });
}
