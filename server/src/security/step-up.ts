import { createHash, randomBytes } from 'node:crypto';
import { STEP_UP_TTL_SECONDS, type Factor, type StepUpAction, type WebAuthnOptions } from '@contract/security';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/index';
import { AppError } from '../errors';
import type { Locale } from '../i18n';
import { issueCode, verifyCode } from '../auth/codes';
import { securityDestination } from '../auth/pay-password';
import { ACTION_PARAMS, actionHash, requestHash } from './actions';
import * as repo from './step-up-repo';
import { assertionOptions, hasPasskey, verifyStepUpPasskey } from './passkey';
import { checkTotp, hasTotp } from './totp';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const ttlFrom = (now: Date) => new Date(now.getTime() + STEP_UP_TTL_SECONDS * 1000);

/** The strongest factor the user has: what every sensitive action asks for. */
export async function strongestFactor(ctx: AppContext, userId: number): Promise<Factor> {
  if (await hasPasskey(ctx, userId)) return 'passkey';
  return (await hasTotp(ctx, userId)) ? 'totp' : 'code';
}

function parseParams(action: StepUpAction, params: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(params);
  } catch {
    throw new AppError('field_invalid', { field: 'params' });
  }
  const parsed = ACTION_PARAMS[action].safeParse(raw);
  if (!parsed.success) throw new AppError('field_invalid', { field: 'params' });
  return parsed.data;
}

function masked(address: string): string {
  const at = address.lastIndexOf('@');
  if (at > 0) return `${address.slice(0, Math.min(2, at))}***${address.slice(at)}`;
  return `${address.slice(0, 4)}***${address.slice(-2)}`;
}

/**
 * Starts a confirmation of one action with its exact parameters. With factor `code` a code of
 * scene `step_up` goes to the account's security address, and only that code proves this one;
 * with factor `passkey` the WebAuthn challenge is stored on it, and only an assertion over that
 * challenge proves this one.
 */
export async function startStepUp(
  ctx: AppContext,
  user: UserRow,
  input: { action: StepUpAction; params: string },
  meta: { ip: string; lang: Locale },
) {
  const hash = actionHash(input.action, parseParams(input.action, input.params));
  const factor = await strongestFactor(ctx, user.id);
  let codeId: number | null = null;
  let destination = '';
  let passkey: WebAuthnOptions | null = null;
  if (factor === 'code') {
    const dest = securityDestination(user);
    codeId = (await issueCode(ctx, { dest, scene: 'step_up', ip: meta.ip, lang: meta.lang, userId: user.id })).id;
    destination = masked(dest.address);
  } else if (factor === 'passkey') {
    passkey = await assertionOptions(ctx, user.id);
  }
  const now = ctx.now();
  const id = await repo.insertStepUp(ctx.db, {
    userId: user.id,
    action: input.action,
    actionHash: hash,
    factor,
    codeId,
    challenge: passkey?.challenge ?? null,
    createdAt: now,
    expiresAt: ttlFrom(now),
  });
  return { id, factor, destination, passkey, expires_in: STEP_UP_TTL_SECONDS };
}

/** Proves a started confirmation's factor; answers the token its action then takes, once. */
export async function verifyStepUp(
  ctx: AppContext,
  user: UserRow,
  input: { id: number; code: string; credential: string },
) {
  const row = await repo.findOpenStepUp(ctx.db, user.id, input.id, ctx.now());
  if (!row) throw new AppError('record_not_found', { field: 'id' });
  if (row.factor === 'passkey') {
    // Verified first, then marked proven by one conditional update: of parallel answers over
    // the one challenge, one confirms it (the passkey's counter refuses the rest, or this update).
    await verifyStepUpPasskey(ctx, user.id, row.challenge, input.credential);
  } else if (!input.code) {
    throw new AppError('field_required', { field: 'code' });
  } else if (row.factor === 'code') {
    await verifyCode(ctx, {
      dest: securityDestination(user),
      scene: 'step_up',
      code: input.code,
      field: 'code',
      consume: true,
      codeId: row.codeId ?? -1,
    });
  } else if (row.factor === 'totp') {
    await checkTotp(ctx, user.id, input.code, { recovery: true });
  } else {
    throw new AppError('field_invalid', { field: 'code' });
  }
  const token = randomBytes(24).toString('base64url');
  const now = ctx.now();
  if (!(await repo.markVerified(ctx.db, row.id, sha256(token), now, ttlFrom(now)))) {
    throw new AppError('record_not_found', { field: 'id' });
  }
  return { token, expires_in: STEP_UP_TTL_SECONDS };
}

/**
 * Uses up the confirmation of this action and these exact parameters, in the action's own
 * transaction (`db` is that transaction): the action and the token's use commit or roll back
 * together, so a crash between them leaves neither. `input` is the action's parsed request.
 */
export async function requireStepUp(
  db: Db,
  args: { userId: number; action: StepUpAction; input: Record<string, unknown>; token: string | undefined; now: Date },
): Promise<void> {
  if (!args.token) throw new AppError('step_up_required', { field: 'step_up' });
  const ok = await repo.consumeStepUp(db, {
    userId: args.userId,
    action: args.action,
    actionHash: requestHash(args.action, args.input),
    tokenHash: sha256(args.token),
    now: args.now,
  });
  if (!ok) throw new AppError('step_up_invalid', { field: 'step_up' });
}
