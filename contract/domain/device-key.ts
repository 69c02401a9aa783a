import { text } from './wire';

/**
 * Each installation of the app keeps a random device key (a UUID in local storage) and sends it as
 * `device_key` with every sign-in, so the server can tell a device it has seen from a new one
 * (`contract/devices.ts`). Anything of 16 to 64 URL-safe characters is accepted; empty is absent.
 */
export const DEVICE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The optional `device_key` of a sign-in request. */
export const deviceKeyField = () =>
  text({ max: 64 })
    .refine((v) => v === '' || DEVICE_KEY_PATTERN.test(v), { error: 'field_invalid' })
    .optional();
