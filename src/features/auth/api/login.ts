import { login } from '@contract/auth';
import type { RequestOf } from '@contract/define';
import { passkeyLogin, passkeyLoginOptions } from '@contract/security';
import { call } from '@/lib/http';

/** Resolves with the session token (the reply message itself). */
export const requestLogin = (data: RequestOf<typeof login>) => call(login, data);

/** Options for the device's passkey prompt; no account is named (the passkey names its own). */
export const requestPasskeyOptions = () => call(passkeyLoginOptions, {});
/** Resolves with the session token, like the password login. */
export const requestPasskeyLogin = (credential: string) => call(passkeyLogin, { credential });
