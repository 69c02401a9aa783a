import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CodeScene } from '@contract/auth';
import { CODE_LENGTH } from '@contract/domain/rules';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { Locale } from '../i18n';
import { codeMessage } from '../mail/index';
import type { Destination } from './destination';
import * as repo from './codes-repo';

export const CODE_TTL_SECONDS = 600;
export const RESEND_SECONDS = 60;
export const MAX_ATTEMPTS = 5;
const HOUR_MS = 3_600_000;

/** The scenes of codes: the public ones, and `step_up`, which only the security core issues. */
export type IssuedScene = CodeScene | 'step_up';

function hashCode(code: string, salt: string, destination: string, scene: string): string {
  return createHash('sha256').update(`${salt}\n${scene}\n${destination}\n${code}`).digest('base64url');
}

function codeMatches(stored: string, code: string, destination: string, scene: string): boolean {
  const [salt = '', hash = ''] = stored.split('$');
  const expected = Buffer.from(hash);
  const actual = Buffer.from(hashCode(code, salt, destination, scene));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Serializes sends per destination so two parallel requests cannot both pass the 60 s check.
 * Caps apply per destination and per account first; the per-address cap is only a ceiling
 * against spraying, set well above a carrier's shared address (CODES_PER_IP_PER_HOUR).
 */
async function reserveSend(
  db: Db,
  ctx: AppContext,
  args: { dest: Destination; scene: IssuedScene; ip: string; userId: number | undefined },
  codeHash: string,
): Promise<number> {
  const { dest, scene, ip, userId } = args;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${dest.address}))`);
    const t = tx as unknown as Db;
    const now = ctx.now();
    const last = await repo.latestForDestination(t, dest.address);
    if (last) {
      const waitMs = last.createdAt.getTime() + RESEND_SECONDS * 1000 - now.getTime();
      if (waitMs > 0) {
        throw new AppError('code_too_soon', { values: { seconds: Math.ceil(waitMs / 1000) } });
      }
    }
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    if ((await repo.countByDestinationSince(t, dest.address, hourAgo)) >= ctx.limits.codesPerDestinationPerHour) {
      throw new AppError('code_destination_limit');
    }
    if (
      userId !== undefined &&
      (await repo.countByUserSince(t, userId, hourAgo)) >= ctx.limits.codesPerAccountPerHour
    ) {
      throw new AppError('code_account_limit');
    }
    if ((await repo.countByIpSince(t, ip, hourAgo)) >= ctx.limits.codesPerIpPerHour)
      throw new AppError('code_ip_limit');
    return repo.insertCode(t, {
      destination: dest.address,
      scene,
      codeHash,
      ip,
      userId: userId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
    });
  });
}

/**
 * Issues a code and sends it. With `deliver: false` the code is issued and counted exactly the
 * same but never sent: the reply then cannot tell whether an account exists (a register code for
 * a taken address, a reset code for an unknown one), and nobody can ever enter that code.
 */
export async function sendCode(
  ctx: AppContext,
  args: { dest: Destination; scene: CodeScene; ip: string; lang: Locale; userId?: number; deliver?: boolean },
): Promise<{ expires_in: number; resend_in: number }> {
  const { expires_in, resend_in } = await issueCode(ctx, args);
  return { expires_in, resend_in };
}

/** `sendCode` for any scene, answering also the issued code's id (to bind it to a step-up). */
export async function issueCode(
  ctx: AppContext,
  args: { dest: Destination; scene: IssuedScene; ip: string; lang: Locale; userId?: number; deliver?: boolean },
): Promise<{ id: number; expires_in: number; resend_in: number }> {
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const salt = randomBytes(12).toString('base64url');
  const stored = `${salt}$${hashCode(code, salt, args.dest.address, args.scene)}`;
  const id = await reserveSend(
    ctx.db,
    ctx,
    { dest: args.dest, scene: args.scene, ip: args.ip.slice(0, 64), userId: args.userId },
    stored,
  );
  if (args.deliver === false) return { id, expires_in: CODE_TTL_SECONDS, resend_in: RESEND_SECONDS };
  try {
    await ctx.mailer.send(codeMessage(args.lang, args.dest.channel, args.dest.address, code));
  } catch (err) {
    // Undelivered codes must not count against the resend wait or the address's hourly cap.
    await repo.deleteCode(ctx.db, id);
    throw err;
  }
  return { id, expires_in: CODE_TTL_SECONDS, resend_in: RESEND_SECONDS };
}

/**
 * Checks the newest code sent to a destination for a scene. Only that code counts; wrong tries
 * are counted and after MAX_ATTEMPTS even the right code is refused. With `consume` the code is
 * used up atomically, so it works once.
 */
export async function verifyCode(
  ctx: AppContext,
  args: { dest: Destination; scene: IssuedScene; code: string; field: string; consume: boolean; codeId?: number },
): Promise<number> {
  const { field } = args;
  const row = await repo.latestForDestination(ctx.db, args.dest.address, args.scene);
  const now = ctx.now();
  // With `codeId` only that code counts, and only while it is the newest one.
  const other = args.codeId !== undefined && row?.id !== args.codeId;
  if (!row || other || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('code_expired', { field });
  }
  // A failed take after this check means parallel guesses used up the tries meanwhile.
  if (row.attempts >= MAX_ATTEMPTS || !(await repo.takeAttempt(ctx.db, row.id, MAX_ATTEMPTS))) {
    throw new AppError('code_locked', { field });
  }
  if (!codeMatches(row.codeHash, args.code, args.dest.address, args.scene)) {
    throw new AppError('code_wrong', { field });
  }
  if (!(await repo.settleRightGuess(ctx.db, row.id, args.consume ? now : null))) {
    throw new AppError('code_expired', { field });
  }
  return row.id;
}

/**
 * Uses up a code `verifyCode` checked without consuming it, inside the change's transaction
 * (`db`), so the code and the change it proves commit or roll back together; a code used
 * meanwhile (a parallel request) is refused.
 */
export async function consumeCode(db: Db, id: number, now: Date, field: string): Promise<void> {
  if (!(await repo.settleRightGuess(db, id, now, false))) throw new AppError('code_expired', { field });
}
