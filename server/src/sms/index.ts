import type { SmsSender, SmsSettings } from './sender';

export type { SmsSender, SmsSettings, TwilioSettings } from './sender';

/** The configured provider, loaded at the first message rather than at every start. */
export function createSmsSender(settings: SmsSettings, log?: (err: unknown) => void): SmsSender {
  let sender: Promise<SmsSender> | undefined;
  return {
    async send(message) {
      sender ??= import('./twilio').then((m) => m.createTwilioSender(settings, log ? { log } : {}));
      return (await sender).send(message);
    },
  };
}
