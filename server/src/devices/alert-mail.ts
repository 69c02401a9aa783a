import { notMeRoute } from '@contract/devices';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema/index';
import { translate, type Locale } from '../i18n';
import type { OutgoingMessage } from '../mail/index';

/**
 * The link in the mail: on `PUBLIC_URL` (production requires it). Without it (demo mode) the
 * path alone, which the development mailbox shows on the app's own origin. Never the request's
 * Host header, which whoever signs in chooses.
 */
export function notMeLink(publicUrl: string | undefined, token: string): string {
  return `${(publicUrl ?? '').replace(/\/+$/, '')}/h5/#${notMeRoute(token)}`;
}

/** A time in messages: the server does not know the owner's zone, so UTC, to the minute. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The alert by mail to the bound email, else by text to the bound mobile; null without either. */
export function alertMessage(
  ctx: Pick<AppContext, 'config'>,
  user: Pick<UserRow, 'email' | 'areaCode' | 'phone'>,
  alert: { device: string; ip: string; at: Date; token: string },
  lang: Locale,
): OutgoingMessage | null {
  const to = user.email
    ? { channel: 'email' as const, to: user.email }
    : user.phone && user.areaCode
      ? { channel: 'sms' as const, to: `+${user.areaCode}${user.phone}` }
      : null;
  if (!to) return null;
  const values = {
    device: alert.device,
    ip: alert.ip || '-',
    time: utc(alert.at),
    link: notMeLink(ctx.config.publicUrl, alert.token),
  };
  return {
    ...to,
    code: '',
    subject: translate(lang, 'mail_new_device_subject'),
    text: translate(lang, 'mail_new_device_text', values),
  };
}
