import { randomInt } from 'node:crypto';
import type { AccountType, User } from '@contract/auth';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/client';
import { AppError } from '../errors';
import type { Locale } from '../i18n';
import { creditDemoFunds } from '../ledger/index';
import { verifyCode } from './codes';
import { clearLoginTries, takeLoginTry } from './login-throttle';
import { toDestination, type Destination } from './destination';
import { assertPasswordNotCommon, hashPassword, verifyDummyPassword, verifyPassword } from './passwords';
import * as repo from './repo';
import { revokeAllSessions } from '../sessions/sessions';
import { openSession, type SignInMeta } from '../devices/sign-in';
import { notifySecurity } from '../push/events';
import type { SecurityCentreEvent } from '../push/events-security';
import { toUserDto } from './user-dto';

export interface ClientMeta {
  ip: string;
  userAgent: string;
  lang: Locale;
}

/** No 0/O or 1/I/L, so a code read aloud or copied by hand is not mistyped. */
const INVITATION_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const INVITATION_LENGTH = 8;

export const newInvitationCode = () =>
  Array.from({ length: INVITATION_LENGTH }, () => INVITATION_ALPHABET[randomInt(INVITATION_ALPHABET.length)]).join('');

const newAccountNumber = () => String(randomInt(10_000_000, 100_000_000));

async function insertNewUser(ctx: AppContext, dest: Destination, passwordHash: string, parentId: number | null) {
  // Account numbers and invitation codes are random; a collision just draws again.
  for (let attempt = 0; ; attempt++) {
    const now = ctx.now();
    const accountNumber = newAccountNumber();
    try {
      return await repo.insertUser(ctx.db, {
        accountNumber,
        email: dest.channel === 'email' ? dest.email : null,
        areaCode: dest.channel === 'sms' ? dest.areaCode : null,
        phone: dest.channel === 'sms' ? dest.phone : null,
        passwordHash,
        nickname: `u${accountNumber}`,
        invitationCode: newInvitationCode(),
        parentId,
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (await repo.findUserByDestination(ctx.db, dest))
        throw new AppError('account_exists', { field: 'user_string' });
      if (attempt >= 5) throw err;
    }
  }
}

export async function register(
  ctx: AppContext,
  input: {
    type: AccountType;
    user_string: string;
    area_code?: string;
    code: string;
    password: string;
    extension_code?: string;
  },
  meta: SignInMeta,
): Promise<{ token: string; user: User }> {
  const dest = toDestination(input.type, input.user_string, input.area_code, 'user_string');
  let parentId: number | null = null;
  const invitation = input.extension_code?.trim().toUpperCase();
  if (invitation) {
    const parent = await repo.findUserByInvitationCode(ctx.db, invitation);
    if (!parent) throw new AppError('invitation_invalid', { field: 'extension_code' });
    parentId = parent.id;
  }
  await assertPasswordNotCommon(input.password, 'password');
  // The code first: only whoever received it may learn that the address is taken (a taken
  // address is sent no register code at all).
  await verifyCode(ctx, { dest, scene: 'register', code: input.code, field: 'code', consume: true });
  const user = await insertNewUser(ctx, dest, await hashPassword(input.password, ctx.config.passwordLogN), parentId);
  // Demo mode only: marked as demo in the ledger; production accounts start empty.
  if (ctx.config.mode === 'demo') await creditDemoFunds(ctx.db, user.id, ctx.now());
  // The account's first device: remembered, nothing to alert.
  const token = await openSession(ctx, user, meta, { firstDevice: true });
  return { token, user: toUserDto(user) };
}

async function findLoginUser(ctx: AppContext, input: { user_string: string; type?: AccountType; area_code?: string }) {
  const value = input.user_string.trim();
  const type = input.type ?? (value.includes('@') ? 'email' : 'mobile');
  if (type === 'email') {
    return repo.findUserByDestination(ctx.db, { channel: 'email', address: '', email: value.toLowerCase() });
  }
  const phone = value.replace(/[\s-]/g, '');
  if (input.area_code) {
    return repo.findUserByDestination(ctx.db, { channel: 'sms', address: '', areaCode: input.area_code, phone });
  }
  const found = await repo.findUsersByPhone(ctx.db, phone);
  return found.length === 1 ? found[0] : undefined;
}

/** The name a login tried, normalized, for throttling names that belong to no account. */
function triedName(input: { user_string: string; type?: AccountType; area_code?: string }): string {
  const value = input.user_string.trim().toLowerCase().replace(/[\s-]/g, '');
  return `name:${input.area_code ?? ''}:${value}`.slice(0, 300);
}

/**
 * One generic failure whether or not the account exists; the timing is the same as well, and so
 * is the lock after too many wrong passwords (unknown names lock like accounts).
 */
export async function login(
  ctx: AppContext,
  input: { user_string: string; password: string; type?: AccountType; area_code?: string },
  meta: SignInMeta,
): Promise<string> {
  const user = await findLoginUser(ctx, input);
  const throttleKey = user ? `user:${user.id}` : triedName(input);
  await takeLoginTry(ctx, throttleKey);
  if (!user) {
    await verifyDummyPassword(input.password, ctx.config.passwordLogN);
    throw new AppError('login_failed');
  }
  const ok = await verifyPassword(input.password, user.passwordHash);
  if (!ok || user.disabled) throw new AppError('login_failed');
  // Only the right password learns of the freeze and its reason (set by the back office).
  if (user.frozenAt) throw new AppError('account_frozen', { values: { reason: user.frozenReason ?? '' } });
  await clearLoginTries(ctx, throttleKey);
  return openSession(ctx, user, meta);
}

export async function resetPassword(
  ctx: AppContext,
  input: { type: AccountType; account: string; area_code?: string; code: string; password: string },
): Promise<{ userId: number; notices: SecurityCentreEvent[] }> {
  const dest = toDestination(input.type, input.account, input.area_code, 'account');
  await assertPasswordNotCommon(input.password, 'password');
  // The code first, so the reply does not say whether the account exists (an unknown address is
  // sent no reset code); a code that worked for no account is as good as a wrong one.
  await verifyCode(ctx, { dest, scene: 'forget', code: input.code, field: 'code', consume: true });
  const user = await repo.findUserByDestination(ctx.db, dest);
  if (!user) throw new AppError('code_wrong', { field: 'code' });
  const notices = await repo.setPasswordHash(
    ctx.db,
    user.id,
    await hashPassword(input.password, ctx.config.passwordLogN),
    ctx.now(),
  );
  await notifySecurity(ctx.db, user.id, { changed: 'login' }, ctx.now());
  // Whoever knew the old password may hold a session; a reset ends all of them.
  await revokeAllSessions(ctx, user.id);
  return { userId: user.id, notices };
}
