import { COOLING_OFF_HOURS } from '@contract/security';
import { notifyMany, type NotifyWriter } from './notify';
import type { SecurityCentreEvent } from './texts-security';

export type { SecurityCentreEvent } from './texts-security';

/**
 * Notices of the security centre's state changes (passkeys, the authenticator app, the
 * withdrawal whitelist, the pause after a credential change, the anti-phishing code), written in
 * the change's own transaction: the inbox row and the pushes commit with the change, once per
 * change. Each answers the events it wrote, which the caller mails after its commit
 * (`push/notice-mail.ts`).
 */
export async function notifySecurityChanges(
  tx: NotifyWriter,
  userId: number,
  events: readonly SecurityCentreEvent[],
  at: Date,
): Promise<SecurityCentreEvent[]> {
  await notifyMany(
    tx,
    events.map((event) => ({ userId, event })),
    at,
  );
  return [...events];
}

const PAUSE_MS = COOLING_OFF_HOURS * 3_600_000;

/**
 * "Withdrawals paused until …", written by the change that started the pause (the one that
 * stamped `security_changed_at` with `at`), in its transaction.
 */
export async function notifyPauseStarted(tx: NotifyWriter, userId: number, at: Date): Promise<SecurityCentreEvent[]> {
  const until = new Date(at.getTime() + PAUSE_MS).toISOString();
  return notifySecurityChanges(tx, userId, [{ type: 'security.withdraw_paused', until }], at);
}
