import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../errors';

/**
 * Login and pay passwords are hashed with scrypt (memory-hard, built into node). Parameters are
 * stored with each hash so they can be raised later without invalidating existing hashes:
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url).
 */
/** log2 N of new hashes: 32 MiB per hash. Production refuses less (config.ts); tests use less. */
export const PASSWORD_LOG_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keylen: number) {
  const N = 2 ** logN;
  // Node refuses more than 32 MiB by default; N=2^15, r=8 needs exactly that plus overhead.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise<Buffer>((resolve, reject) => {
    scryptCb(password.normalize('NFC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, logN = PASSWORD_LOG_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, R, P, KEY_LENGTH);
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 22) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await derive(password, salt, logN, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

let commonPasswords: Promise<Set<string>> | undefined;

/** The zxcvbn list of about 49,000 common passwords, loaded on first use (server only). */
async function loadCommonPasswords(): Promise<Set<string>> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common']);
}

/** Whether a password is on the common-password list (case-insensitive, as attackers try both). */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= loadCommonPasswords();
  const list = await commonPasswords;
  return list.has(password) || list.has(password.toLowerCase());
}

/** Refuses a password from the common-password list, naming the field. */
export async function assertPasswordNotCommon(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw new AppError('password_too_common', { field });
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the same time as checking a real password of cost `logN`, so a login for an unknown
 * account cannot be told apart from a wrong password by its response time.
 */
export async function verifyDummyPassword(password: string, logN = PASSWORD_LOG_N): Promise<void> {
  let dummy = dummyHashes.get(logN);
  if (!dummy) dummyHashes.set(logN, (dummy = hashPassword('dummy password for timing', logN)));
  await verifyPassword(password, await dummy);
}
