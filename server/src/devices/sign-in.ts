import { hash, randomBytes } from 'node:crypto';
import { NOT_ME_TTL_HOURS } from '@contract/devices';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/index';
import type { Locale } from '../i18n';
import { notifySecurity } from '../push/events';
import { notifyMany } from '../push/notify';
import { insertSession } from '../sessions/sessions';
import { alertMessage } from './alert-mail';
import { deviceIdentity } from './identity';
import * as repo from './repo';

/** What a sign-in knows of its client. */
export interface SignInMeta {
  ip: string;
  userAgent: string;
  lang: Locale;
  /** The app's device key (`device_key` of the request); empty or absent when not sent. */
  deviceKey?: string | undefined;
  /** Hears why an alert could not be mailed (the sign-in itself stands). */
  log?: (err: unknown) => void;
}

const NOT_ME_TTL_MS = NOT_ME_TTL_HOURS * 3_600_000;

/**
 * Opens a session for `user` (every way of signing in comes here). In one transaction: the
 * session, the device remembered, and the sign-in notice: "new sign-in" from a device the
 * account used before, else a new-device alert with its one-time "this wasn't me" token (only its
 * sha256 is stored) by inbox and push. After the commit the alert also goes by mail (else text).
 * `firstDevice`: registration, whose device is the account's first and needs no alert.
 */
export async function openSession(
  ctx: AppContext,
  user: UserRow,
  meta: SignInMeta,
  options: { firstDevice?: boolean } = {},
): Promise<string> {
  const device = deviceIdentity(meta);
  const now = ctx.now();
  const ip = meta.ip.slice(0, 64);
  const { token, alert } = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const session = await insertSession(db, user.id, meta, now);
    const isNew = await repo.rememberDevice(db, { userId: user.id, ...device }, now);
    if (options.firstDevice) return { token: session.token, alert: null };
    if (!isNew) {
      await notifySecurity(db, user.id, { login: meta }, now);
      return { token: session.token, alert: null };
    }
    const notMe = randomBytes(32).toString('base64url');
    await repo.insertAlert(db, {
      userId: user.id,
      sessionId: session.id,
      identity: device.identity,
      device: device.name,
      ip,
      tokenHash: hash('sha256', notMe, 'hex'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + NOT_ME_TTL_MS),
    });
    const event = { type: 'security.new_device' as const, ip, device: device.name, token: notMe };
    await notifyMany(db, [{ userId: user.id, event }], now);
    return { token: session.token, alert: notMe };
  });
  if (alert) await mailAlert(ctx, user, { device: device.name, ip, at: now, token: alert }, meta);
  return token;
}

/** Mail fails apart from the sign-in: the alert is in the inbox and pushed already. */
async function mailAlert(
  ctx: AppContext,
  user: UserRow,
  alert: { device: string; ip: string; at: Date; token: string },
  meta: SignInMeta,
): Promise<void> {
  try {
    const lang = (await repo.ownerLocale(ctx.db, user.id)) ?? meta.lang;
    const message = alertMessage(ctx, user, alert, lang);
    if (message) await ctx.mailer.send(message);
  } catch (err) {
    meta.log?.(err);
  }
}
