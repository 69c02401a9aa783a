import { and, eq, or } from 'drizzle-orm';
import { antiPhishingMark, type AntiPhishing } from '@contract/anti-phishing';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { antiPhishingCodes, type AntiPhishingRow } from '../db/schema/anti-phishing';
import { DEFAULT_LOCALE, translate } from '../i18n';
import type { Mailer, OutgoingMessage } from '../mail/index';
import { notifySecurityChanges, type SecurityCentreEvent } from '../push/events-security';
import { requireStepUp } from './step-up';

/**
 * The anti-phishing code: stored per account, set without a confirmation when there is none,
 * changed or removed only with a step-up bound to that action (and, for a change, to the new
 * code), each change notified in its transaction. Every mail and text gets it here
 * (`withAntiPhishing`, the one wrapper of the app's mailer), every push in the push worker.
 */

export const antiPhishingDto = (row: AntiPhishingRow | undefined): AntiPhishing => ({
  code: row?.code ?? null,
  updated_at: row?.updatedAt.toISOString() ?? null,
});

export async function readAntiPhishing(db: Db, userId: number): Promise<AntiPhishingRow | undefined> {
  const [row] = await db.select().from(antiPhishingCodes).where(eq(antiPhishingCodes.userId, userId));
  return row;
}

interface Change {
  row: AntiPhishingRow | undefined;
  /** The notices written with the change (none when nothing changed), to mail after the commit. */
  events: SecurityCentreEvent[];
}

/**
 * Runs one change of the user's code under the lock of the user's row, so parallel changes are
 * judged one after another against the code the previous one left: of a burst sent with one
 * confirmation, one applies and the others find it used.
 */
async function underLock(
  db: Db,
  userId: number,
  work: (tx: Db, current: AntiPhishingRow | undefined) => Promise<Change>,
) {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return work(tx, await readAntiPhishing(tx, userId));
  });
}

/** Sets the code; replacing one needs a step-up of `anti_phishing` for exactly this code. */
export async function setAntiPhishing(
  db: Db,
  userId: number,
  input: { anti_phishing_code: string; step_up?: string | undefined },
  now: Date,
): Promise<Change> {
  const code = input.anti_phishing_code;
  return underLock(db, userId, async (tx, current) => {
    if (current?.code === code) return { row: current, events: [] };
    if (current) await requireStepUp(tx, { userId, action: 'anti_phishing', input, token: input.step_up, now });
    const [row] = await tx
      .insert(antiPhishingCodes)
      .values({ userId, code, updatedAt: now })
      .onConflictDoUpdate({ target: antiPhishingCodes.userId, set: { code, updatedAt: now } })
      .returning();
    const change = current ? 'changed' : 'set';
    return { row, events: await notifySecurityChanges(tx, userId, [{ type: 'security.anti_phishing', change }], now) };
  });
}

/** Removes the code (a step-up of `remove_anti_phishing`); without one there is nothing to do. */
export async function removeAntiPhishing(
  db: Db,
  userId: number,
  input: { step_up?: string | undefined },
  now: Date,
): Promise<Change> {
  return underLock(db, userId, async (tx, current) => {
    if (!current) return { row: undefined, events: [] };
    await requireStepUp(tx, { userId, action: 'remove_anti_phishing', input, token: input.step_up, now });
    await tx.delete(antiPhishingCodes).where(eq(antiPhishingCodes.userId, userId));
    const events = [{ type: 'security.anti_phishing', change: 'removed' } as const];
    return { row: undefined, events: await notifySecurityChanges(tx, userId, events, now) };
  });
}

/** Longest dialling code (area codes are 1 to 4 digits, without the plus). */
const AREA_CODE_MAX = 4;

/**
 * The code of the one account an address belongs to: an email, or a text's `+<area><number>`
 * read as each split of a dialling code and a number (the pairs the unique index holds). An
 * address of no account, or one that matched two, gets none: a message never carries another
 * account's code.
 */
export async function codeForAddress(db: Db, message: Pick<OutgoingMessage, 'channel' | 'to'>): Promise<string | null> {
  let owner;
  if (message.channel === 'email') {
    owner = eq(users.email, message.to.trim().toLowerCase());
  } else {
    const digits = /^\+(\d{2,24})$/.exec(message.to)?.[1];
    if (!digits) return null;
    const splits = Array.from({ length: Math.min(AREA_CODE_MAX, digits.length - 1) }, (_, i) =>
      and(eq(users.areaCode, digits.slice(0, i + 1)), eq(users.phone, digits.slice(i + 1))),
    );
    owner = or(...splits);
  }
  const rows = await db
    .select({ code: antiPhishingCodes.code })
    .from(users)
    .innerJoin(antiPhishingCodes, eq(antiPhishingCodes.userId, users.id))
    .where(owner)
    .limit(2);
  return rows.length === 1 ? rows[0]!.code : null;
}

/** The message with the code: a line of its own above a mail, `[code] ` before a text. */
export function withCode(message: OutgoingMessage, code: string): OutgoingMessage {
  if (message.channel === 'sms') return { ...message, text: `${antiPhishingMark(code)} ${message.text}` };
  const line = translate(message.lang ?? DEFAULT_LOCALE, 'mail_anti_phishing', { code });
  return { ...message, text: `${line}\n\n${message.text}` };
}

/**
 * The app's mailer with the recipient's anti-phishing code added to every message, mail or text,
 * whoever sends it: codes, notices, anything added later.
 */
export function withAntiPhishing(mailer: Mailer, db: Db): Mailer {
  return {
    async send(message) {
      const code = await codeForAddress(db, message);
      return mailer.send(code ? withCode(message, code) : message);
    },
  };
}
