import { z } from 'zod';
import { endpoint } from './define';
import { id, requiredText, text } from './domain/wire';
import { deviceKeyField } from './domain/device-key';

/**
 * The security centre: second-factor confirmation of sensitive actions (step-up), the
 * authenticator app (TOTP) and its recovery codes.
 *
 * Step-up: the screen starts a confirmation for the exact action it is about to send
 * (`/security/step_up/start` with the action's fields as JSON), proves the strongest factor the
 * user has (`/security/step_up/verify`), then sends the action with the returned token as
 * `step_up`. The server binds the token to the sha256 of the action and its exact parameters
 * and uses it up in the action's own transaction: it approves that one action, once.
 */

export const STEP_UP_ACTIONS = [
  'withdraw',
  'add_address',
  'login_password',
  'pay_password',
  'remove_totp',
  'whitelist_off',
  'remove_passkey',
  'anti_phishing',
  'remove_anti_phishing',
  'withdraw_unfreeze',
] as const;
export type StepUpAction = (typeof STEP_UP_ACTIONS)[number];

/** Strongest first: a user who has a passkey confirms with it, else with the app, else a code. */
export const FACTORS = ['passkey', 'totp', 'code'] as const;
export type Factor = (typeof FACTORS)[number];

/** Seconds a started confirmation waits for its proof, and a proven one for its action. */
export const STEP_UP_TTL_SECONDS = 300;

/** Ten one-time recovery codes, two groups of five letters and digits (`abcde-12345`). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;

/** The step-up token an action endpoint takes as `step_up`. */
export const stepUpField = () => text({ max: 64 }).optional();

/** A TOTP code (6 digits) or a recovery code. */
const secondFactorCode = () => requiredText({ max: 32 });

/** Most passkeys one account keeps (each is a row checked at every sign-in offer). */
export const PASSKEY_MAX = 10;
export const PASSKEY_NAME_MAX = 40;

/**
 * WebAuthn options as `@simplewebauthn/browser` takes them (`optionsJSON`); only the challenge
 * is named here, the rest passes through as the server library built it.
 */
export const webAuthnOptions = z.looseObject({ challenge: z.string() });
export type WebAuthnOptions = z.infer<typeof webAuthnOptions>;

/** A credential the browser answered (`startRegistration` / `startAuthentication`), as JSON. */
const credentialJson = () => requiredText({ max: 16_000 });
const passkeyName = () => requiredText({ max: PASSKEY_NAME_MAX });

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const stepUpStart = endpoint({
  method: 'POST',
  path: '/security/step_up/start',
  auth: true,
  summary: 'Start a second-factor confirmation bound to one action and its exact parameters',
  tags: ['security'],
  request: z.object({
    action: z.enum(STEP_UP_ACTIONS, { error: 'field_invalid' }),
    /** The action's fields as JSON, exactly as they will be sent (without secrets). */
    params: text({ max: 4000 }).default('{}'),
  }),
  response: z.object({
    id: z.number().int(),
    factor: z.enum(FACTORS),
    /** Where the code went (factor `code`), masked. */
    destination: z.string(),
    /** What `startAuthentication` takes (factor `passkey`), bound to this confirmation. */
    passkey: webAuthnOptions.nullable(),
    expires_in: z.number().int(),
  }),
});

export const stepUpVerify = endpoint({
  method: 'POST',
  path: '/security/step_up/verify',
  auth: true,
  summary: 'Prove the factor of a started confirmation; answers the token its action takes once',
  tags: ['security'],
  request: z.object({
    id: id(),
    /** Factors `totp` and `code`. */
    code: text({ max: 32 }).default(''),
    /** Factor `passkey`: the assertion `startAuthentication` answered, as JSON. */
    credential: text({ max: 16_000 }).default(''),
  }),
  response: z.object({ token: z.string(), expires_in: z.number().int() }),
});

export const totpSetup = endpoint({
  method: 'POST',
  path: '/security/totp/setup',
  auth: true,
  summary: 'Start enrolling an authenticator app: its secret as text and as a QR code',
  tags: ['security'],
  request: z.object({}),
  response: z.object({ secret: z.string(), uri: z.string(), qr: z.string() }),
});

export const totpConfirm = endpoint({
  method: 'POST',
  path: '/security/totp/confirm',
  auth: true,
  summary: 'Confirm the authenticator app with its first code; answers the recovery codes, shown once',
  tags: ['security'],
  request: z.object({ code: secondFactorCode() }),
  response: z.object({ recovery_codes: z.array(z.string()) }),
});

export const totpRemove = endpoint({
  method: 'POST',
  path: '/security/totp/remove',
  auth: true,
  summary: 'Remove the authenticator app (step-up of action remove_totp)',
  tags: ['security'],
  request: z.object({ step_up: stepUpField() }),
  response: z.string(),
});

/**
 * The withdrawal whitelist: `on`, withdrawals go only to addresses and cards saved at least a day
 * ago; switching it off takes a day (`turning_off` until `whitelist_off_at`).
 */
/** Hours a saved destination waits under the whitelist, a switch-off takes, and withdrawals pause. */
export const COOLING_OFF_HOURS = 24;

export const WITHDRAW_GUARD_STATES = ['off', 'on', 'turning_off'] as const;
export type WithdrawGuardState = (typeof WITHDRAW_GUARD_STATES)[number];

export const withdrawGuardSchema = z.object({
  whitelist: z.enum(WITHDRAW_GUARD_STATES),
  whitelist_off_at: z.string().nullable(),
  /** Withdrawals pause for a day after a password, email, phone or second-factor change. */
  paused_until: z.string().nullable(),
});
export type WithdrawGuard = z.infer<typeof withdrawGuardSchema>;

/** The withdrawal freeze a "this wasn't me" link sets (`contract/devices.ts`). */
export const withdrawFreezeSchema = z.object({
  /** Since when withdrawals are frozen; null when they are not. */
  frozen_at: z.string().nullable(),
  /** The login password changed since the freeze, so it may be lifted (with a confirmation). */
  password_changed: z.boolean(),
});
export type WithdrawFreeze = z.infer<typeof withdrawFreezeSchema>;

export const overviewSchema = z.object({
  /** The factor a sensitive action asks for now. */
  strongest: z.enum(FACTORS),
  totp: z.object({ enabled: z.boolean(), since: z.string().nullable(), recovery_codes_left: z.number().int() }),
  passkeys: z.array(passkeySchema),
  withdrawals: withdrawGuardSchema,
  withdraw_freeze: withdrawFreezeSchema,
  /** Whether an anti-phishing code is set; the code itself only from `/security/anti_phishing`. */
  anti_phishing: z.boolean(),
});
export type SecurityOverview = z.infer<typeof overviewSchema>;

export const overview = endpoint({
  method: 'GET',
  path: '/security/overview',
  auth: true,
  summary: "The signed-in user's protections",
  tags: ['security'],
  request: z.object({}),
  response: overviewSchema,
});

/** Switches the withdrawal whitelist on (at once) or off (a day later; step-up of `whitelist_off`). */
export const whitelistSet = endpoint({
  method: 'POST',
  path: '/security/whitelist',
  auth: true,
  summary: 'Switch the withdrawal whitelist on, or off after a day (step-up of action whitelist_off)',
  tags: ['security'],
  request: z.object({ on: z.enum(['0', '1'], { error: 'field_invalid' }), step_up: stepUpField() }),
  response: withdrawGuardSchema,
});

export const passkeyRegisterOptions = endpoint({
  method: 'POST',
  path: '/security/passkey/register/options',
  auth: true,
  summary: 'Start adding a passkey: the options for startRegistration (single-use challenge)',
  tags: ['security'],
  request: z.object({}),
  response: webAuthnOptions,
});

export const passkeyRegister = endpoint({
  method: 'POST',
  path: '/security/passkey/register',
  auth: true,
  summary: 'Add the passkey the browser created for the last options, under a name',
  tags: ['security'],
  request: z.object({ name: passkeyName(), credential: credentialJson() }),
  response: passkeySchema,
});

export const passkeyRename = endpoint({
  method: 'POST',
  path: '/security/passkey/rename',
  auth: true,
  summary: "Rename one of the signed-in user's passkeys",
  tags: ['security'],
  request: z.object({ id: id(), name: passkeyName() }),
  response: passkeySchema,
});

export const passkeyRemove = endpoint({
  method: 'POST',
  path: '/security/passkey/remove',
  auth: true,
  summary: 'Remove a passkey (step-up of action remove_passkey, bound to its id)',
  tags: ['security'],
  request: z.object({ id: id(), step_up: stepUpField() }),
  response: z.string(),
});

export const passkeyLoginOptions = endpoint({
  method: 'POST',
  path: '/security/passkey/login/options',
  auth: false,
  summary: 'Start signing in with a passkey: options for startAuthentication, no account named',
  tags: ['auth'],
  request: z.object({}),
  response: webAuthnOptions,
});

export const passkeyLogin = endpoint({
  method: 'POST',
  path: '/security/passkey/login',
  auth: false,
  summary: 'Sign in with a passkey (discoverable credential); the reply message is the session token',
  tags: ['auth'],
  request: z.object({ credential: credentialJson(), device_key: deviceKeyField() }),
  response: z.string(),
});
