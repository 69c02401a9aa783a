import twilio from 'twilio';
import { AppError } from '../errors';
import type { SmsSender, TwilioSettings } from './sender';

/**
 * Twilio error codes that mean the number itself cannot receive texts (invalid number, not a
 * mobile, a landline): the user can fix these, so they are told to check the number.
 * https://www.twilio.com/docs/api/errors
 */
const BAD_NUMBER_CODES = new Set([21211, 21214, 21217, 21407, 21408, 21612, 21614]);

/** Twilio's REST errors carry `status` and a numeric `code`; anything else is a network failure. */
function isRestException(err: unknown): err is { status: number; code?: number; message: string } {
  return err instanceof Error && typeof (err as { status?: unknown }).status === 'number';
}

/**
 * Text messages through Twilio's Messages API (the official `twilio` package). A refusal or an
 * unreachable API becomes an `AppError` so the code request answers with a localized message and
 * the issued code is withdrawn (auth/codes.ts), leaving the resend wait and hourly caps untouched.
 */
export function createTwilioSender(
  settings: TwilioSettings,
  options: { httpClient?: twilio.RequestClient; log?: (err: unknown) => void } = {},
): SmsSender {
  const client = twilio(settings.accountSid, settings.authToken, {
    // A code request is answered while the user waits: no long retry loops behind it.
    autoRetry: false,
    timeout: 15_000,
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });
  const sender = settings.messagingServiceSid
    ? { messagingServiceSid: settings.messagingServiceSid }
    : { from: settings.from ?? '' };
  return {
    async send({ to, text }) {
      try {
        await client.messages.create({ to, body: text, ...sender });
      } catch (err) {
        options.log?.(err);
        if (isRestException(err) && err.code !== undefined && BAD_NUMBER_CODES.has(err.code)) {
          throw new AppError('mobile_invalid', { field: 'mobile' });
        }
        throw new AppError('sms_unavailable');
      }
    },
  };
}
