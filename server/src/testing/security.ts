import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Endpoint, RequestOf } from '@contract/define';
import * as security from '@contract/security';
import type { StepUpAction } from '@contract/security';
import { translate, type Locale } from '../i18n';
import { ACTION_PARAMS, actionHash } from '../security/actions';
import { insertStepUp, markVerified } from '../security/step-up-repo';
import type { Reply, TestApp } from './app';
import { MINUTE } from './clock';
import * as fund from '@contract/fund';
import {
  adminUser,
  ADDRESSES,
  call,
  deposit,
  ok,
  PAY_PASSWORD,
  setPayPassword,
  uploadImage,
  verifiedUser,
  type As,
} from './fund';
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

/** A level-1 user with a pay password, 1000 USDT and a bound TRC20 address. */
export async function withdrawer(t: TestApp) {
  const boss = await adminUser(t);
  const u = await verifiedUser(t, boss.token, 1);
  await setPayPassword(t, u.token, u.email);
  await deposit(t, boss.token, u.token, 'USDT', '1000');
  const qrcode = await uploadImage(t, u.token);
  const address = await ok<fund.WalletAddress>(
    callConfirmed(
      t,
      fund.walletSave,
      'add_address',
      { currency: 'USDT', network: 'TRC20', name: 'cold', address: ADDRESSES.TRC20, qrcode },
      u,
    ),
  );
  const params = (amount: string) => ({ currency: 'USDT', account: 'change', amount, address_id: address.id });
  const withdraw = (amount: string, step_up?: string) =>
    call(t, fund.withdraw, { ...params(amount), pay_password: PAY_PASSWORD, step_up }, { token: u.token, lang: 'en' });
  return { u, address, params, withdraw };
}
