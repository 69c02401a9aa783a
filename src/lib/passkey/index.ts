import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { WebAuthnOptions } from '@contract/security';

/**
 * The browser's passkey prompts. Each answers the credential as the JSON the server takes, or
 * null when the user cancelled, the prompt timed out or the device offers no passkey (the
 * browser does not say which, on purpose).
 */

export const passkeysSupported = () => browserSupportsWebAuthn();

async function settle(run: () => Promise<object>): Promise<string | null> {
  try {
    return JSON.stringify(await run());
  } catch (error) {
    console.debug('[passkey]', error);
    return null;
  }
}

/** Creates a passkey for the server's registration options. */
export const createPasskey = (options: WebAuthnOptions) =>
  settle(() => startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));

/** Signs the server's challenge with a passkey (sign-in or a confirmation). */
export const signWithPasskey = (options: WebAuthnOptions) =>
  settle(() => startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }));
