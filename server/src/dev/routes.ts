import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/dev';
import { AppError } from '../errors';
import { bindEndpoint } from '../plugins/contract';
import { isLocalRequest } from './local-request';
import { renderMailboxPage } from './page';
import { latestMailPerAddress, listMail } from './repo';

/**
 * Mobile addresses are `+<area><number>`; an unencoded `+` in a query string arrives as a space,
 * so a bare number is read as having lost its plus.
 */
export function mailboxAddress(raw: string): string {
  const v = raw.trim();
  return /^\d+$/.test(v) ? `+${v}` : v.toLowerCase();
}

const LOCAL_ONLY_PAGE =
  'The development mailbox answers only requests from this machine (not through a proxy).\n' +
  'Open it on the server itself, or start the server with DEV_MAILBOX_PUBLIC=true to open it to everyone.\n';

/**
 * Registered in demo mode only: in production these routes do not exist (404). The mailbox holds
 * every user's verification codes, so anyone who can read it can reset anyone's password: it
 * answers only loopback requests unless `DEV_MAILBOX_PUBLIC` opens it.
 */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (req, reply) => {
    if (app.ctx.config.devMailboxPublic || isLocalRequest(req)) return;
    if (req.url.startsWith('/api/')) throw new AppError('not_found', { status: 404 });
    return reply.code(403).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(LOCAL_ONLY_PAGE);
  });

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
    const mails = to ? await listMail(app.ctx.db, to, 1) : await latestMailPerAddress(app.ctx.db);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(renderMailboxPage(to, mails));
  });
}
