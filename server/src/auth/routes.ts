import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/auth';
import * as identity from '@contract/identity';
import type { UserRow } from '../db/schema/index';
import { bindEndpoint, signedIn } from '../plugins/contract';
import { shared } from '../plugins/shared-reply';
import { toUserDto } from './user-dto';
import * as codes from './code-requests';
import * as service from './service';
import { activeSessions } from './account-security';
import { revokeOtherSessions, revokeSession } from '../sessions/sessions';
import { mailNoticesOf } from '../push/notice-mail';
import { signInMeta } from '../devices/routes';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  bindEndpoint(app, contract.sendCode, (input, { ctx, meta }) =>
    codes.requestCode(
      ctx,
      {
        type: input.type,
        scene: input.scene,
        value: input.user_string,
        areaCode: input.area_code,
        field: 'user_string',
      },
      meta,
    ),
  );

  bindEndpoint(app, contract.sendSms, (input, h) => codes.requestBindSms(h.ctx, input, h.meta, signedIn(h).user.id));

  bindEndpoint(app, contract.checkCode, async (input, { ctx }) => {
    const areaCode = input.area_code ?? input.country_code?.replace(/^\+/, '');
    await codes.checkCode(ctx, {
      type: input.type,
      user_string: input.user_string,
      area_code: areaCode,
      scene: input.scene,
      code: input.email_code,
    });
    return { valid: true as const };
  });

  bindEndpoint(app, contract.register, (input, h) => service.register(h.ctx, input, signInMeta(h, input.device_key)));

  bindEndpoint(app, contract.login, (input, h) => service.login(h.ctx, input, signInMeta(h, input.device_key)));

  bindEndpoint(app, contract.logout, async (_input, h) => {
    await revokeSession(h.ctx, signedIn(h).sessionId);
    return 'ok';
  });

  bindEndpoint(app, contract.forget, async (input, h) => {
    const { userId, notices } = await service.resetPassword(h.ctx, input);
    await mailNoticesOf(h, userId, notices);
    return 'ok';
  });

  // Serialized once per copy of the account's row: the session cache replaces the row (never
  // changes it) when the account changes.
  const userReplies = new WeakMap<UserRow, contract.User>();
  bindEndpoint(app, contract.userInfo, (_input, h) => {
    const { user } = signedIn(h);
    let reply = userReplies.get(user);
    if (!reply) {
      reply = shared(toUserDto(user));
      userReplies.set(user, reply);
    }
    return reply;
  });

  bindEndpoint(app, identity.sessionList, (_input, h) => activeSessions(h.ctx, signedIn(h)));

  bindEndpoint(app, identity.logoutOtherSessions, async (_input, h) => {
    const auth = signedIn(h);
    return { revoked: await revokeOtherSessions(h.ctx, auth.user.id, auth.sessionId) };
  });
}
