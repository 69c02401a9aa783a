import type { FastifyInstance } from 'fastify';
import type { PushEvent } from '@contract/push';
import * as contract from '@contract/security-console';
import { ownerLocale } from '../devices/repo';
import { paged } from '../lib/paging';
import { mailNotices } from '../push/notice-mail';
import { bindEndpoint, signedIn, type HandlerContext } from '../plugins/contract';
import { decideReset, listResets, proposeReset, resetDto } from './factor-reset';
import { protectionsOf } from './protections';

/** The console's protections view and two-person second-factor reset (`contract/security-console.ts`). */
export function securityConsoleRoutes(app: FastifyInstance): void {
  bindEndpoint(app, contract.protections, (input, h) => protectionsOf(h.ctx.db, input.id, h.ctx.now()));

  bindEndpoint(app, contract.listResets, async (input, h) => {
    const now = h.ctx.now();
    const filter = input.status === 'pending' ? { pendingAt: now } : {};
    const { rows, total } = await listResets(h.ctx.db, filter, input);
    return paged(
      rows.map(({ r, account }) => resetDto(r, account, now)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.proposeReset, async (input, h) => {
    const { reset, events } = await proposeReset(h.ctx, signedIn(h).user.id, {
      userId: input.user_id,
      totp: input.totp === '1',
      passkeys: input.passkeys === '1',
      reason: input.reason,
    });
    await mailOwner(h, input.user_id, events);
    return reset;
  });

  bindEndpoint(app, contract.decideReset, async (input, h) => {
    const { reset, events, userId } = await decideReset(h.ctx, signedIn(h).user.id, {
      id: input.id,
      approve: input.action === 'approve',
      reason: input.reason,
    });
    await mailOwner(h, userId, events);
    return reset;
  });
}

/** Mails the notices to the user in their language (their newest push subscription's), not the admin's. */
async function mailOwner(h: HandlerContext, userId: number, events: readonly PushEvent[]): Promise<void> {
  const lang = (await ownerLocale(h.ctx.db, userId)) ?? h.lang;
  await mailNotices(h.ctx, h.req.server.pushTexts, userId, events, lang, (err) =>
    h.req.log.error({ err }, 'notice mail not sent'),
  );
}
