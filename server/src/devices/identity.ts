import { hash } from 'node:crypto';
import { describeUserAgent } from '../lib/user-agent';

/**
 * Which device a sign-in comes from, as `known_devices` keeps it.
 *
 * With the app's device key (a random UUID each installation keeps in local storage and sends
 * with every sign-in): `k:` and its sha256. It is unguessable, survives browser updates and tells
 * two phones of the same model apart; only its hash is stored, so the table cannot be used to
 * pose as a known device. Without one (a client that keeps no storage, or calls the API by
 * hand): `f:` and the browser family (browser, system and kind of device, no versions). A family
 * is only ever matched against families, never against keyed devices, so leaving the key out
 * (or forging a User-Agent like the owner's) cannot pass for a device the owner uses the app on.
 */
export interface DeviceIdentity {
  identity: string;
  /** "Chrome / Android": how alerts and the device list name it. */
  name: string;
}

export function deviceIdentity(meta: { userAgent: string; deviceKey?: string | undefined }): DeviceIdentity {
  const ua = describeUserAgent(meta.userAgent);
  const identity = meta.deviceKey ? `k:${hash('sha256', meta.deviceKey, 'hex')}` : `f:${ua.family}`;
  return { identity, name: ua.name };
}
