import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../contract/dev';
import { bindEndpoint } from '../../plugins/contract';
import { renderMailboxPage } from './page';
import { listMail } from './repo';

/**
 * Mobile addresses are `+<area><number>`; an unencoded `+` in a query string arrives as a space,
 * so a bare number is read as having lost its plus.
 */
export function mailboxAddress(raw: string): string {
  const v = raw.trim();
  return /^\d+$/.test(v) ? `+${v}` : v.toLowerCase();
}

/** Registered in demo mode only: in production these routes do not exist (404). */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  bindEndpoint(app, contract.devMailbox, async ({ to }, { ctx }) => {
    const mails = await listMail(ctx.db, mailboxAddress(to));
    return mails.map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      code: m.code,
      sent_at: m.sentAt.toISOString(),
    }));
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const to = typeof query.to === 'string' && query.to.trim() !== '' ? mailboxAddress(query.to) : undefined;
    const mails = await listMail(app.ctx.db, to);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(renderMailboxPage(to, mails));
  });
}
