import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/anti-phishing';
import { bindEndpoint, signedIn } from '../plugins/contract';
import { mailNoticesOf } from '../push/notice-mail';
import { antiPhishingDto, readAntiPhishing, removeAntiPhishing, setAntiPhishing } from './anti-phishing';

/** The anti-phishing code's endpoints: signed in only (the contract says so; none answers it without). */
export function antiPhishingRoutes(app: FastifyInstance): void {
  bindEndpoint(app, contract.antiPhishingGet, async (_input, h) =>
    antiPhishingDto(await readAntiPhishing(h.ctx.db, signedIn(h).user.id)),
  );

  bindEndpoint(app, contract.antiPhishingSet, async (input, h) => {
    const { user } = signedIn(h);
    const { row, events } = await setAntiPhishing(h.ctx.db, user.id, input, h.ctx.now());
    await mailNoticesOf(h, user.id, events);
    return antiPhishingDto(row);
  });

  bindEndpoint(app, contract.antiPhishingRemove, async (input, h) => {
    const { user } = signedIn(h);
    const { row, events } = await removeAntiPhishing(h.ctx.db, user.id, input, h.ctx.now());
    await mailNoticesOf(h, user.id, events);
    return antiPhishingDto(row);
  });
}
