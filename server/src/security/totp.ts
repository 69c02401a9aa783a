import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@contract/security';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema/index';
import { AppError } from '../errors';
import type { SecurityCentreEvent } from '../push/events-security';
import * as repo from './totp-repo';
import { openTotpSecret, sealTotpSecret, totpKeyRing } from './totp-seal';

/** Wrong codes before the app locks, like the verification codes' and pay password's tries. */
export const TOTP_MAX_FAILURES = 5;
const LOCK_MS = 15 * 60_000;
const PERIOD_SECONDS = 30;
const ISSUER = 'Exchange';

const hashRecoveryCode = (code: string) => createHash('sha256').update(code.toLowerCase()).digest('hex');

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const recoveryGroup = () =>
  Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');

/** Starts enrolment: a new secret (replacing an unconfirmed one), as text and as a QR code. */
export async function setupTotp(ctx: AppContext, user: UserRow) {
  const secret = generateSecret();
  const sealed = sealTotpSecret(totpKeyRing(ctx.config), user.id, secret);
  if (!(await repo.storePendingTotp(ctx.db, user.id, sealed, ctx.now()))) throw new AppError('totp_exists');
  const label = user.email ?? (user.phone ? `+${user.areaCode ?? ''}${user.phone}` : String(user.id));
  const uri = generateURI({ issuer: ISSUER, label, secret });
  return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/** Confirms the pending app with its first code; answers the recovery codes, shown only now. */
export async function confirmTotp(
  ctx: AppContext,
  user: UserRow,
  code: string,
): Promise<{ codes: string[]; events: SecurityCentreEvent[] }> {
  const row = await repo.findTotp(ctx.db, user.id);
  if (!row) throw new AppError('totp_not_started');
  if (row.confirmedAt) throw new AppError('totp_exists');
  await checkTotp(ctx, user.id, code, { recovery: false });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${recoveryGroup()}-${recoveryGroup()}`);
  const events = await repo.confirmTotp(ctx.db, user.id, codes.map(hashRecoveryCode), ctx.now());
  if (!events) throw new AppError('totp_exists');
  return { codes, events };
}

/** True when the user has a confirmed app. */
export async function hasTotp(ctx: AppContext, userId: number): Promise<boolean> {
  return Boolean((await repo.findTotp(ctx.db, userId))?.confirmedAt);
}

function lockedError(ctx: AppContext, until: Date | null): AppError {
  const ms = (until?.getTime() ?? ctx.now().getTime() + LOCK_MS) - ctx.now().getTime();
  return new AppError('totp_locked', { values: { minutes: Math.max(1, Math.ceil(ms / 60_000)) } });
}

/** Whether a code is one of the app's within one step either side; its time step if so. */
async function matchingStep(secret: string, code: string, now: Date): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * Checks an app code (or, with `recovery`, a recovery code, used up). Every check takes a try
 * first in one conditional update, so a burst of parallel guesses compares at most
 * TOTP_MAX_FAILURES codes however it is timed; a right code resets the count. A code is accepted
 * once: its time step must be newer than every accepted one (replay refused).
 */
export async function checkTotp(
  ctx: AppContext,
  userId: number,
  code: string,
  options: { recovery: boolean },
): Promise<void> {
  const row = await repo.findTotp(ctx.db, userId);
  if (!row) throw new AppError('totp_not_started');
  // Opened before a try is taken: a wrong key (a configuration fault) costs the user nothing.
  const secret = openTotpSecret(totpKeyRing(ctx.config), row);
  const now = ctx.now();
  const tries = await repo.takeTotpTry(ctx.db, userId, TOTP_MAX_FAILURES, now);
  if (tries === undefined) {
    throw lockedError(
      ctx,
      await repo.lockTotpIfExhausted(ctx.db, userId, TOTP_MAX_FAILURES, new Date(now.getTime() + LOCK_MS)),
    );
  }
  const trimmed = code.trim();
  if (options.recovery && RECOVERY_CODE_PATTERN.test(trimmed.toLowerCase())) {
    if (await repo.useRecoveryCode(ctx.db, userId, hashRecoveryCode(trimmed), now)) {
      await repo.resetTotpTries(ctx.db, userId);
      return;
    }
  } else {
    const step = await matchingStep(secret, trimmed, now);
    if (step !== undefined && step > row.lastStep && (await repo.acceptTotpStep(ctx.db, userId, step))) return;
    if (step !== undefined) {
      await settleWrong(ctx, userId, tries, now);
      throw new AppError('totp_used', { field: 'code' });
    }
  }
  await settleWrong(ctx, userId, tries, now);
  throw new AppError('totp_wrong', { field: 'code' });
}

/** A wrong try stays counted; the one that reaches the limit sets the lock and is told so. */
async function settleWrong(ctx: AppContext, userId: number, tries: number, now: Date): Promise<void> {
  if (tries < TOTP_MAX_FAILURES) return;
  const until = await repo.lockTotpIfExhausted(ctx.db, userId, TOTP_MAX_FAILURES, new Date(now.getTime() + LOCK_MS));
  throw lockedError(ctx, until);
}

export async function totpOverview(ctx: AppContext, userId: number) {
  const row = await repo.findTotp(ctx.db, userId);
  const enabled = Boolean(row?.confirmedAt);
  return {
    enabled,
    since: row?.confirmedAt?.toISOString() ?? null,
    recovery_codes_left: enabled ? await repo.recoveryCodesLeft(ctx.db, userId) : 0,
  };
}

export { removeTotp } from './totp-repo';
