import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Endpoint, RequestOf } from '@contract/define';
import * as security from '@contract/security';
import type { StepUpAction } from '@contract/security';
import { translate, type Locale } from '../i18n';
import { ACTION_PARAMS, actionHash } from '../security/actions';
import { insertStepUp, markVerified } from '../security/step-up-repo';
import type { Reply, TestApp } from './app';
import { MINUTE } from './clock';
import { call, ok, type As } from './fund';
import { latestCode } from './mailbox';

/**
 * Confirms one action with the emailed code (the factor of an account without an app or
 * passkey) and answers the step-up token. Moves the clock past the code's resend wait, so the
 * next confirmation can send its own code.
 */
export async function confirmByCode(
  t: TestApp,
  as: { token: string; email: string },
  action: StepUpAction,
  params: Record<string, unknown> = {},
): Promise<string> {
  const started = await ok<{ id: number; factor: string }>(
    call(t, security.stepUpStart, { action, params: JSON.stringify(params) }, { token: as.token }),
  );
  if (started.factor !== 'code') throw new Error(`expected factor code, got ${started.factor}`);
  const code = await latestCode(t.app.ctx.db, as.email);
  const { token } = await ok<{ token: string }>(
    call(t, security.stepUpVerify, { id: started.id, code }, { token: as.token }),
  );
  t.clock.advance(MINUTE);
  return token;
}

/**
 * Calls an action endpoint the way the screens do: sent as it is, and when the server asks for a
 * confirmation, confirmed for exactly its fields (secrets left out) and sent again under the
 * same key. A request refused for another reason is answered as it is, without a confirmation.
 */
export async function callConfirmed<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  action: StepUpAction,
  data: RequestOf<E> | Record<string, unknown>,
  as: As & { token: string; email: string },
): Promise<Reply> {
  const key = as.key === undefined ? randomUUID() : as.key;
  const first = await call(t, endpoint, data, { ...as, key });
  if (first.body.message !== translate((as.lang ?? 'hk') as Locale, 'step_up_required')) return first;
  const { pay_password: _secret, ...params } = data as Record<string, unknown>;
  const step_up = await confirmByCode(t, as, action, params);
  return call(t, endpoint, { ...(data as Record<string, unknown>), step_up }, { ...as, key });
}

/**
 * Proven confirmations of one action written straight to the database, for tests whose subject
 * is what the confirmed requests race for (allowances, balances), not the confirmation: one
 * user cannot prove many codes at once through the endpoints (one code a minute).
 */
export async function provenConfirmations(
  t: TestApp,
  userId: number,
  action: StepUpAction,
  params: Record<string, unknown>,
  count: number,
): Promise<string[]> {
  const now = t.clock.now();
  const expiresAt = new Date(now.getTime() + security.STEP_UP_TTL_SECONDS * 1000);
  const hash = actionHash(action, ACTION_PARAMS[action].parse(params));
  return Promise.all(
    Array.from({ length: count }, async () => {
      const token = randomBytes(24).toString('base64url');
      const id = await insertStepUp(t.app.ctx.db, {
        userId,
        action,
        actionHash: hash,
        factor: 'code',
        codeId: null,
        challenge: null,
        createdAt: now,
        expiresAt,
      });
      await markVerified(t.app.ctx.db, id, createHash('sha256').update(token).digest('hex'), now, expiresAt);
      return token;
    }),
  );
}
