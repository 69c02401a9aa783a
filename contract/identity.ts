import { z } from 'zod';
import { endpoint } from './define';
import {
  areaCode,
  email,
  mobileFitsArea,
  password,
  passwordsMatch,
  requiredString,
  verificationCode,
} from './domain/rules';
import { isMobileNumber } from './domain/checkers';
import { stepUpField } from './security';
import { requiredText, text } from './domain/wire';

/**
 * Identity verification (SPEC.md sections 3-6) and the bindings it needs: level 1 (basic: id
 * type, name, card id) and level 2 (advanced: three pictures, only after level 1 is certified).
 * A verification is only accepted once both an email and a mobile number are bound.
 */

export const REAL_STATES = ['none', 'review', 'certified', 'failed'] as const;
export type RealState = (typeof REAL_STATES)[number];

/** The original client sends 1/2/3; names are accepted too. */
export const ID_TYPES = ['id_card', 'passport', 'driver_license'] as const;
export type IdType = (typeof ID_TYPES)[number];

const idType = text({ max: 32 })
  .transform((v) => ({ '1': 'id_card', '2': 'passport', '3': 'driver_license' })[v] ?? v)
  .pipe(z.enum(ID_TYPES, { error: 'field_invalid' }));

const picture = () => requiredText();

/**
 * `real_type` 1 needs `id_type`, `name`, `card_id`; 2 needs `front_pic`, `reverse_pic`,
 * `hand_pic` (references returned by `/upload`).
 */
export const submitReal = endpoint({
  method: 'POST',
  path: '/user/real',
  auth: true,
  summary: 'Submit basic (real_type 1) or advanced (real_type 2) identity verification for review',
  tags: ['identity'],
  request: z
    .object({
      real_type: z.enum(['1', '2'], { error: 'field_invalid' }),
      id_type: idType.optional(),
      name: requiredString().optional(),
      card_id: text({ max: 32 })
        .refine((v) => /^[A-Za-z0-9-]{4,32}$/.test(v), { error: 'field_invalid' })
        .optional(),
      front_pic: picture().optional(),
      reverse_pic: picture().optional(),
      hand_pic: picture().optional(),
    })
    .superRefine((v, ctx) => {
      const needed =
        v.real_type === '1'
          ? (['id_type', 'name', 'card_id'] as const)
          : (['front_pic', 'reverse_pic', 'hand_pic'] as const);
      for (const key of needed) {
        if (v[key] === undefined) ctx.addIssue({ code: 'custom', message: 'field_required', path: [key] });
      }
    }),
  response: z.object({ real_type: z.number().int(), state: z.enum(REAL_STATES) }),
});

const levelState = z.object({
  state: z.enum(REAL_STATES),
  /** Why the last submission failed; empty otherwise. */
  reason: z.string(),
  submitted_at: z.string().nullable(),
});

export const realState = endpoint({
  method: 'GET',
  path: '/real/state',
  auth: true,
  summary: 'Identity level, the state of each verification level, and whether email and mobile are bound',
  tags: ['identity'],
  request: z.object({}),
  response: z.object({
    /** 0 none, 1 basic, 2 advanced (certified levels). */
    level: z.number().int(),
    real_state: z.enum(REAL_STATES),
    level1: levelState.extend({ name: z.string(), id_type: z.string(), card_id: z.string() }),
    level2: levelState,
    email_bound: z.boolean(),
    mobile_bound: z.boolean(),
    /** 24-hour withdrawal limit of the current level in BTC equivalent. */
    withdraw_limit_btc: z.string(),
  }),
});

/** Binds an email with a `bind_email` code sent by `/sms_mail`. */
export const bindEmail = endpoint({
  method: 'POST',
  path: '/safe/email',
  auth: true,
  summary: 'Bind an email address to the account (code of scene bind_email)',
  tags: ['identity'],
  request: z.object({ email: email(), code: verificationCode() }),
  response: z.string(),
});

const mobileFields = () => ({
  mobile: z
    .string({ error: 'field_required' })
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine(isMobileNumber, { error: 'mobile_invalid' }),
  area_code: areaCode(),
});

/** The number to bind with its dialling code (checked before `/sms_send` sends it a code). */
export const mobileToBind = z.object(mobileFields()).superRefine(mobileFitsArea('mobile', 'area_code'));

/** Binds a mobile number with the code sent by `/sms_send`. */
export const bindMobile = endpoint({
  method: 'POST',
  path: '/safe/mobile',
  auth: true,
  summary: 'Bind a mobile number to the account (code from /sms_send)',
  tags: ['identity'],
  request: z.object({ ...mobileFields(), code: verificationCode() }).superRefine(mobileFitsArea('mobile', 'area_code')),
  response: z.string(),
});

/**
 * Changes the login password of the signed-in account with a code of scene `password` sent by
 * `/sms_mail` to its bound email (or mobile when no email is bound). Every other session ends;
 * the one that made the change stays signed in.
 */
export const updatePassword = endpoint({
  method: 'POST',
  path: '/safe/update_password',
  auth: true,
  summary:
    'Change the login password with a verification code (scene password) and, with a stronger factor, its confirmation; ends every other session',
  tags: ['identity'],
  request: z
    .object({ password: password(), re_password: password(), code: verificationCode(), step_up: stepUpField() })
    .superRefine(passwordsMatch('password', 're_password')),
  response: z.object({ revoked: z.number().int() }),
});

export const sessionSchema = z.object({
  id: z.number().int(),
  /** The browser's user agent as it signed in. */
  device: z.string(),
  /** Read from the user agent (empty when it does not say): "Chrome 131", "Android 14", "Google Pixel 8". */
  browser: z.string(),
  os: z.string(),
  model: z.string(),
  device_type: z.enum(['mobile', 'tablet', 'desktop', 'other']),
  ip: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** The account's sessions that are still signed in, the most recently used first. */
export const sessionList = endpoint({
  method: 'GET',
  path: '/safe/sessions',
  auth: true,
  summary: 'Active sessions of the signed-in account (device, address, created, last seen)',
  tags: ['identity'],
  request: z.object({}),
  response: z.array(sessionSchema),
});

/** "Log out other devices": ends every session of the account but the current one. */
export const logoutOtherSessions = endpoint({
  method: 'POST',
  path: '/safe/sessions/logout_others',
  auth: true,
  summary: 'End every session of the signed-in account except the current one',
  tags: ['identity'],
  request: z.object({}),
  response: z.object({ revoked: z.number().int() }),
});
