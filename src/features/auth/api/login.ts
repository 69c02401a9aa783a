import { login } from '@contract/auth';
import type { RequestOf } from '@contract/define';
import { DEVICE_KEY_PATTERN } from '@contract/domain/device-key';
import { passkeyLogin, passkeyLoginOptions } from '@contract/security';
import { call } from '@/lib/http';
import { appStore, deviceKeyAtom } from '@/lib/state';

/**
 * This installation's key, by which the server tells a device it knows from a new one; left out
 * (the server then goes by the browser) if storage holds something else.
 */
export const deviceKey = (): string | undefined => {
  const stored = appStore.get(deviceKeyAtom);
  return DEVICE_KEY_PATTERN.test(stored) ? stored : undefined;
};

/** Resolves with the session token (the reply message itself). */
export const requestLogin = (data: RequestOf<typeof login>) => call(login, { ...data, device_key: deviceKey() });

/** Options for the device's passkey prompt; no account is named (the passkey names its own). */
export const requestPasskeyOptions = () => call(passkeyLoginOptions, {});
/** Resolves with the session token, like the password login. */
export const requestPasskeyLogin = (credential: string) => call(passkeyLogin, { credential, device_key: deviceKey() });
