import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PushEvent } from '@contract/push';
import type { AppContext } from '../context';
import { users } from '../db/schema/index';
import type { Locale } from '../i18n';
import type { PushTexts } from './texts';

/**
 * Mails notices that were just committed (the inbox and the pushes are written in the change's
 * transaction) to the user's email, when there is one, in the language of the request that made
 * the change: the notice's title as the subject, its text as the mail. The change has happened:
 * a mail that cannot be sent is logged, never answered as a failure of the change. `texts` is
 * the app's table of renderers (`app.pushTexts`, decorated by `wiring.ts`).
 */
export async function mailNotices(
  ctx: AppContext,
  texts: PushTexts,
  userId: number,
  events: readonly PushEvent[],
  lang: Locale,
  log: (err: unknown) => void,
): Promise<void> {
  if (events.length === 0) return;
  try {
    const [row] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!row?.email) return;
    for (const event of events) {
      const { title, body } = texts.render(event, lang);
      await ctx.mailer.send({ channel: 'email', to: row.email, subject: title, text: body, code: '', lang });
    }
  } catch (err) {
    log(err);
  }
}

/**
 * `mailNotices` from a route: the app's texts (`app.pushTexts`), the request's language, failures
 * in the request's log.
 */
export const mailNoticesOf = (
  h: {
    ctx: AppContext;
    lang: Locale;
    req: { server: Pick<FastifyInstance, 'pushTexts'>; log: { error: (o: object, msg: string) => void } };
  },
  userId: number,
  events: readonly PushEvent[],
) =>
  mailNotices(h.ctx, h.req.server.pushTexts, userId, events, h.lang, (err) =>
    h.req.log.error({ err }, 'notice mail not sent'),
  );
