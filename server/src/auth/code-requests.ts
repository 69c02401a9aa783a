import type { AccountType, CodeScene } from '@contract/auth';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { sendCode, verifyCode } from './codes';
import { toDestination } from './destination';
import * as repo from './repo';
import type { ClientMeta } from './service';

/** Which existing-account state each scene needs before a code is sent. */
const SCENE_NEEDS_ACCOUNT: Record<CodeScene, boolean> = {
  register: false,
  bind_email: false,
  bind_mobile: false,
  forget: true,
  security: true,
  password: true,
};

/** Scenes whose reply must not tell whether the address has an account (anyone may ask). */
const SCENE_HIDES_ACCOUNTS: Record<CodeScene, boolean> = {
  register: true,
  forget: true,
  security: true,
  password: true,
  bind_email: false,
  bind_mobile: false,
};

/**
 * A code for a scene. Register (taken address) and forget or security (unknown address) answer
 * exactly as if a code was sent, and count against the same limits, but send nothing: the code
 * can never be entered, so the flow stops at the code without saying why.
 */
export async function requestCode(
  ctx: AppContext,
  args: { type: AccountType; scene: CodeScene; value: string; areaCode?: string; field: string },
  meta: ClientMeta,
) {
  const dest = toDestination(args.type, args.value, args.areaCode, args.field);
  const owner = await repo.findUserByDestination(ctx.db, dest);
  const fits = (owner !== undefined) === SCENE_NEEDS_ACCOUNT[args.scene];
  if (!fits && !SCENE_HIDES_ACCOUNTS[args.scene]) {
    throw new AppError(owner ? 'account_exists' : 'account_not_found', { field: args.field });
  }
  return sendCode(ctx, { dest, scene: args.scene, ip: meta.ip, lang: meta.lang, userId: owner?.id, deliver: fits });
}

export async function checkCode(
  ctx: AppContext,
  input: { type: AccountType; user_string: string; area_code?: string; scene: CodeScene; code: string },
): Promise<void> {
  const dest = toDestination(input.type, input.user_string, input.area_code, 'user_string');
  await verifyCode(ctx, { dest, scene: input.scene, code: input.code, field: 'email_code', consume: false });
}

/** A code to bind a mobile number to the signed-in account; the number must be free. */
export async function requestBindSms(
  ctx: AppContext,
  input: { area_code: string; mobile: string },
  meta: ClientMeta,
  userId?: number,
) {
  const dest = toDestination('mobile', input.mobile, input.area_code, 'mobile');
  const owner = await repo.findUserByDestination(ctx.db, dest);
  if (owner) throw new AppError('account_exists', { field: 'mobile' });
  return sendCode(ctx, { dest, scene: 'bind_mobile', ip: meta.ip, lang: meta.lang, ...(userId ? { userId } : {}) });
}
