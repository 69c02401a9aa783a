import { eq } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_MAX, type Passkey, type WebAuthnOptions } from '@contract/security';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { isUniqueViolation, type Db } from '../db/client';
import { users, type PasskeyRow, type UserRow } from '../db/schema/index';
import { AppError } from '../errors';
import type { SecurityCentreEvent } from '../push/events-security';
import { openSession, type SignInMeta } from '../devices/sign-in';
import * as repo from './passkey-repo';

/** How long an issued challenge may be answered (also the browser's own timeout). */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'Exchange';
/** Without `PUBLIC_URL` (development): `localhost` on any port, the one insecure origin browsers allow. */
const DEVELOPMENT_ORIGIN = /^http:\/\/localhost(:\d{1,5})?$/;

/**
 * The relying party: its id (a host name, which the browser checks against the page's origin)
 * and the origin an answer must come from. From `PUBLIC_URL`; without it, `localhost`.
 */
export function relyingParty(config: Pick<Config, 'publicUrl'>) {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { id: url.hostname, origin: (_claimed: string) => url.origin };
  }
  return {
    id: 'localhost',
    origin: (claimed: string) => (DEVELOPMENT_ORIGIN.test(claimed) ? claimed : 'http://localhost'),
  };
}

/** The origin the answer claims (its client data), checked against the relying party's. */
function claimedOrigin(response: { response: { clientDataJSON: string } }): string {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const origin = (data as { origin?: unknown }).origin;
    return typeof origin === 'string' ? origin : '';
  } catch {
    return '';
  }
}

/** Parses the browser's answer: JSON with the fields every WebAuthn answer has, else a field error. */
function parseCredential<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(json: string): T {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new AppError('field_invalid', { field: 'credential' });
  }
  const v = value as { id?: unknown; rawId?: unknown; type?: unknown; response?: { clientDataJSON?: unknown } };
  if (
    !v ||
    typeof v !== 'object' ||
    typeof v.id !== 'string' ||
    typeof v.rawId !== 'string' ||
    v.type !== 'public-key' ||
    !v.response ||
    typeof v.response !== 'object' ||
    typeof v.response.clientDataJSON !== 'string'
  ) {
    throw new AppError('field_invalid', { field: 'credential' });
  }
  return value as T;
}

const failed = () => new AppError('passkey_failed', { field: 'credential' });

/**
 * The library refuses with plain errors, which all become `passkey_failed`; a failure of the
 * challenge lookup it calls back (the database) must stay what it is, not pass for a refusal.
 */
function challengeCheck(take: (challenge: string) => Promise<boolean>) {
  let own: unknown;
  return {
    check: async (challenge: string) => {
      try {
        return await take(challenge);
      } catch (err) {
        own = err;
        throw err;
      }
    },
    refusal: (err: unknown) => own ?? (err instanceof AppError ? err : failed()),
  };
}

/** The user handle a passkey carries: the account id, no name or address in it. */
const userHandle = (userId: number) => new TextEncoder().encode(`u${userId}`);

const transportsOf = (row: PasskeyRow) =>
  row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : undefined;

export const passkeyDto = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(ctx: AppContext, userId: number): Promise<Passkey[]> {
  return (await repo.listPasskeys(ctx.db, userId)).map(passkeyDto);
}

export async function hasPasskey(ctx: AppContext, userId: number): Promise<boolean> {
  return (await repo.countPasskeys(ctx.db, userId)) > 0;
}

/** Options for adding a passkey: discoverable, user verification required, no attestation. */
export async function registrationOptions(ctx: AppContext, user: UserRow): Promise<WebAuthnOptions> {
  const existing = await repo.listPasskeys(ctx.db, user.id);
  if (existing.length >= PASSKEY_MAX) throw new AppError('passkey_limit', { values: { max: PASSKEY_MAX } });
  const rp = relyingParty(ctx.config);
  const name = user.email ?? (user.phone ? `+${user.areaCode ?? ''}${user.phone}` : user.accountNumber);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: name,
    userID: userHandle(user.id),
    attestationType: 'none',
    timeout: CHALLENGE_TTL_MS,
    // The same authenticator is not registered twice for one account.
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  const now = ctx.now();
  await repo.insertChallenge(
    ctx.db,
    {
      challenge: options.challenge,
      purpose: 'register',
      userId: user.id,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    },
    now,
  );
  return { ...options };
}

/** Verifies and stores the passkey the browser created for this user's last options. */
export async function registerPasskey(ctx: AppContext, user: UserRow, input: { name: string; credential: string }) {
  const response = parseCredential<RegistrationResponseJSON>(input.credential);
  const rp = relyingParty(ctx.config);
  const now = ctx.now();
  const challenge = challengeCheck((c) =>
    repo.takeChallenge(ctx.db, { challenge: c, purpose: 'register', userId: user.id, now }),
  );
  let info;
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.check,
      expectedOrigin: rp.origin(claimedOrigin(response)),
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verification.verified) throw failed();
    info = verification.registrationInfo;
  } catch (err) {
    throw challenge.refusal(err);
  }
  try {
    const row = await repo.insertPasskey(
      ctx.db,
      {
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: (info.credential.transports ?? []).join(',').slice(0, 200),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: input.name,
        createdAt: now,
      },
      PASSKEY_MAX,
    );
    if (!row) throw new AppError('passkey_limit', { values: { max: PASSKEY_MAX } });
    return { passkey: passkeyDto(row.passkey), events: row.events };
  } catch (err) {
    // The same credential registered already (here or by another account): excludeCredentials
    // stops an honest browser, so this is a replayed or forged answer.
    if (isUniqueViolation(err)) throw failed();
    throw err;
  }
}

export async function renamePasskey(ctx: AppContext, userId: number, id: number, name: string) {
  const row = await repo.renamePasskey(ctx.db, userId, id, name);
  if (!row) throw new AppError('record_not_found', { field: 'id' });
  return passkeyDto(row);
}

/** Options for asking the user's own passkeys (a step-up): only these may answer. */
export async function assertionOptions(ctx: AppContext, userId: number): Promise<WebAuthnOptions> {
  const mine = await repo.listPasskeys(ctx.db, userId);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).id,
    allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  return { ...options };
}

/**
 * Verifies an assertion of a stored passkey against `expectedChallenge` (a value, or a function
 * that uses the challenge up) and records its use: the counter must move forward, in one
 * conditional update, so a replayed assertion or a second use racing the first is refused.
 */
async function verifyAssertion(
  ctx: AppContext,
  passkey: PasskeyRow,
  response: AuthenticationResponseJSON,
  expectedChallenge: string | ((challenge: string) => Promise<boolean>),
): Promise<void> {
  const rp = relyingParty(ctx.config);
  const challenge = challengeCheck(async (c) =>
    typeof expectedChallenge === 'string' ? c === expectedChallenge : expectedChallenge(c),
  );
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.check,
      expectedOrigin: rp.origin(claimedOrigin(response)),
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification: true,
    });
    if (!verification.verified) throw failed();
    newCounter = verification.authenticationInfo.newCounter;
  } catch (err) {
    throw challenge.refusal(err);
  }
  // A discoverable credential names its account; it must be the passkey's.
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(passkey.userId)).toString('base64url')) throw failed();
  if (!(await repo.recordUse(ctx.db, passkey.id, newCounter, ctx.now()))) throw failed();
}

/** Proves a step-up of factor `passkey`: an assertion of one of the user's passkeys over its challenge. */
export async function verifyStepUpPasskey(
  ctx: AppContext,
  userId: number,
  challenge: string | null,
  credential: string,
): Promise<void> {
  if (!credential) throw new AppError('field_required', { field: 'credential' });
  const response = parseCredential<AuthenticationResponseJSON>(credential);
  const passkey = await repo.findByCredentialId(ctx.db, response.id);
  // Another account's passkey answers like an unknown one.
  if (!passkey || passkey.userId !== userId || !challenge) throw failed();
  await verifyAssertion(ctx, passkey, response, challenge);
}

/** Options for signing in with a passkey: no account named, the authenticator offers its own. */
export async function loginOptions(ctx: AppContext): Promise<WebAuthnOptions> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.config).id,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  const now = ctx.now();
  await repo.insertChallenge(
    ctx.db,
    {
      challenge: options.challenge,
      purpose: 'login',
      userId: null,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    },
    now,
  );
  return { ...options };
}

/**
 * Signs in with a passkey: the same session, reply and sign-in notice as the password login. One
 * failure for an unknown passkey, a wrong signature, origin or challenge, a used challenge or a
 * counter gone back.
 */
export async function loginWithPasskey(ctx: AppContext, input: { credential: string }, meta: SignInMeta) {
  const response = parseCredential<AuthenticationResponseJSON>(input.credential);
  const passkey = await repo.findByCredentialId(ctx.db, response.id);
  if (!passkey) throw failed();
  const now = ctx.now();
  await verifyAssertion(ctx, passkey, response, (challenge) =>
    repo.takeChallenge(ctx.db, { challenge, purpose: 'login', userId: null, now }),
  );
  const [user] = await ctx.db.select().from(users).where(eq(users.id, passkey.userId));
  if (!user || user.disabled) throw new AppError('login_failed');
  if (user.frozenAt) throw new AppError('account_frozen', { values: { reason: user.frozenReason ?? '' } });
  return openSession(ctx, user, meta);
}

/** Removes a passkey in the action's transaction `db`; another user's id answers like a missing one. */
export async function removePasskey(db: Db, userId: number, id: number, now: Date): Promise<SecurityCentreEvent[]> {
  const events = await repo.deletePasskey(db, userId, id, now);
  if (!events) throw new AppError('record_not_found', { field: 'id' });
  return events;
}
