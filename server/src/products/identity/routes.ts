import type { FastifyInstance } from 'fastify';
import { identityAdminRoutes } from './admin-routes';
import * as contract from '@contract/identity';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { bindEmail, bindMobile } from './bindings';
import { accountChanged } from '../../sessions/sessions';
import { realStateOf, submitReal } from './service';

export async function identityRoutes(app: FastifyInstance): Promise<void> {
  identityAdminRoutes(app);
  bindEndpoint(app, contract.submitReal, async (input, h) => {
    const { user } = signedIn(h);
    const submitted = await submitReal(h.ctx, user, input);
    accountChanged(h.ctx, user.id);
    return submitted;
  });
  bindEndpoint(app, contract.realState, (_input, h) => realStateOf(h.ctx.db, signedIn(h).user));
  bindEndpoint(app, contract.bindEmail, async (input, h) => {
    await bindEmail(h.ctx, signedIn(h).user, input);
    return 'ok';
  });
  bindEndpoint(app, contract.bindMobile, async (input, h) => {
    await bindMobile(h.ctx, signedIn(h).user, input);
    return 'ok';
  });
}
