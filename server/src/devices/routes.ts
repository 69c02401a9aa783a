import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/devices';
import { AppError } from '../errors';
import { bindEndpoint, signedIn, type HandlerContext } from '../plugins/contract';
import { revokeUserSession } from '../sessions/sessions';
import { checkNotMe, useNotMe } from './not-me';
import type { SignInMeta } from './sign-in';

/** A sign-in's facts from its request: the client's, its device key, and where mail failures go. */
export function signInMeta(h: HandlerContext, deviceKey: string | undefined): SignInMeta {
  return {
    ...h.meta,
    deviceKey: deviceKey || undefined,
    log: (err) => h.req.log.error({ err }, 'new-device alert not mailed'),
  };
}

export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  bindEndpoint(app, contract.sessionLogout, async (input, h) => {
    if (!(await revokeUserSession(h.ctx, signedIn(h).user.id, input.id))) {
      throw new AppError('record_not_found', { field: 'id' });
    }
    return { revoked: 1 };
  });
  bindEndpoint(app, contract.notMeCheck, (input, h) => checkNotMe(h.ctx, input.token));
  bindEndpoint(app, contract.notMe, (input, h) => useNotMe(h.ctx, input.token));
}
