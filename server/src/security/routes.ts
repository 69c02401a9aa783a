import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/security';
import type { Db } from '../db/client';
import { bindEndpoint, signedIn } from '../plugins/contract';
import { requireStepUp, startStepUp, strongestFactor, verifyStepUp } from './step-up';
import { confirmTotp, removeTotp, setupTotp, totpOverview } from './totp';

export async function securityRoutes(app: FastifyInstance): Promise<void> {
  bindEndpoint(app, contract.stepUpStart, (input, h) => startStepUp(h.ctx, signedIn(h).user, input, h.meta));
  bindEndpoint(app, contract.stepUpVerify, (input, h) => verifyStepUp(h.ctx, signedIn(h).user, input));

  bindEndpoint(app, contract.totpSetup, (_input, h) => setupTotp(h.ctx, signedIn(h).user));
  bindEndpoint(app, contract.totpConfirm, async (input, h) => {
    return { recovery_codes: await confirmTotp(h.ctx, signedIn(h).user, input.code) };
  });
  bindEndpoint(app, contract.totpRemove, async (input, h) => {
    const { user } = signedIn(h);
    const now = h.ctx.now();
    await h.ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await requireStepUp(db, { userId: user.id, action: 'remove_totp', input, token: input.step_up, now });
      await removeTotp(db, user.id);
    });
    return 'ok';
  });

  bindEndpoint(app, contract.overview, async (_input, h) => {
    const { user } = signedIn(h);
    return { strongest: await strongestFactor(h.ctx, user.id), totp: await totpOverview(h.ctx, user.id) };
  });
}
