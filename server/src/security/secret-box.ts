import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (the authenticator app's shared secret) are kept sealed with
 * AES-256-GCM (node:crypto) under a key of a key ring. Each sealed value names the key that sealed
 * it, so a key can be rotated: a new key goes first in the ring, the old one stays after it until
 * `sealTotpSecrets` (at start) has sealed every row again under the new one.
 *
 * Sealed form: `v1.<iv>.<ciphertext>.<tag>`, base64url parts; the key id is stored beside it. The
 * additional data binds a value to its row (`totp:<user id>`), so a sealed value copied to another
 * row does not open.
 */
export interface KeyRing {
  /** The id of the key new values are sealed with. */
  current: string;
  keys: ReadonlyMap<string, Buffer>;
}

export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;
const VERSION = 'v1';
const IV_BYTES = 12;

/** Why a sealed secret could not be read: a configuration fault, never the user's. */
export class SecretKeyError extends Error {
  override name = 'SecretKeyError';
}

/**
 * `TOTP_KEYS`: `id:base64-key[,id:base64-key...]`, each key 32 bytes, the first the current one.
 * Answers the ring, or the problem as a sentence.
 */
export function parseKeyRing(text: string): KeyRing | string {
  const keys = new Map<string, Buffer>();
  for (const entry of text.split(',').map((s) => s.trim())) {
    const [id = '', b64 = '', ...rest] = entry.split(':');
    if (!KEY_ID_PATTERN.test(id) || rest.length > 0) return `"${id}" is not a key id (1-16 of A-Z a-z 0-9 _ -)`;
    const key = Buffer.from(b64, 'base64');
    if (key.length !== 32) return `key "${id}" must be 32 bytes in base64 (openssl rand -base64 32)`;
    if (keys.has(id)) return `key id "${id}" appears twice`;
    keys.set(id, key);
  }
  const current = keys.keys().next().value;
  if (current === undefined) return 'no key given';
  return { current, keys };
}

/**
 * Demo mode and tests only: a fixed key derived from a public phrase (production refuses to start
 * without `TOTP_KEYS`, `config.ts`), so demo data survives restarts like the demo's other keys.
 */
export const DEV_KEY_RING: KeyRing = {
  current: 'dev',
  keys: new Map([
    ['dev', createHash('sha256').update('h5-exchange development secret key, not for production').digest()],
  ]),
};

export function seal(ring: KeyRing, plain: string, aad: string): { sealed: string; keyId: string } {
  const key = ring.keys.get(ring.current);
  if (!key) throw new SecretKeyError(`the current key "${ring.current}" is not in the key ring`);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
  return { sealed: [VERSION, ...parts].join('.'), keyId: ring.current };
}

/** Opens a sealed value; a missing key or one that does not open it throws `SecretKeyError`. */
export function open(ring: KeyRing, sealed: string, keyId: string, aad: string): string {
  const key = ring.keys.get(keyId);
  if (!key) throw new SecretKeyError(`sealed with key "${keyId}", which the key ring does not hold`);
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || body === undefined || !tag) {
    throw new SecretKeyError(`sealed value of an unknown form (${version ?? ''})`);
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch (err) {
    throw new SecretKeyError(`key "${keyId}" does not open this value (a wrong key or a changed value)`, {
      cause: err,
    });
  }
}
