import { z } from 'zod';
import { endpoint } from './define';
import {
  areaCode,
  mobileFitsArea,
  optionalString,
  password,
  passwordsMatch,
  requiredString,
  verificationCode,
} from './domain/rules';
import { requiredText } from './domain/wire';
import { deviceKeyField } from './domain/device-key';

/** Purposes a verification code is issued for; a code only works for its own scene. */
export const CODE_SCENES = ['register', 'forget', 'bind_email', 'bind_mobile', 'security', 'password'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

export const ACCOUNT_TYPES = ['email', 'mobile'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

const accountType = z.enum(ACCOUNT_TYPES, { error: 'field_invalid' });
const scene = z.enum(CODE_SCENES, { error: 'field_invalid' });

export const userSchema = z.object({
  id: z.number().int(),
  account_number: z.string(),
  nickname: z.string(),
  head_portrait: z.string(),
  signature: z.string(),
  email: z.string(),
  phone: z.string(),
  area_code: z.string(),
  extension_code: z.string(),
  parent_id: z.number().int().nullable(),
  score: z.number().int(),
  level: z.number().int(),
  real_state: z.enum(['none', 'review', 'certified', 'failed']),
  has_pay_password: z.boolean(),
  /** "Stay logged in" (security settings): long-lived sessions when true, short ones when false. */
  stay_logged_in: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * Sends a verification code by email or SMS. For `type` email, `user_string` is the address;
 * for mobile it is the number and `area_code` the dialling code.
 */
export const sendCode = endpoint({
  method: 'POST',
  path: '/sms_mail',
  auth: false,
  summary: 'Send a 6-digit verification code (valid 10 minutes, one send per 60 s per destination)',
  tags: ['auth'],
  request: z.object({
    user_string: requiredString(),
    type: accountType.default('email'),
    scene: scene.default('register'),
    area_code: areaCode().optional(),
    area_code_id: optionalString(),
  }),
  response: z.object({ expires_in: z.number().int(), resend_in: z.number().int() }),
});

/** Sends an SMS code to a mobile number for binding it to the signed-in account. */
export const sendSms = endpoint({
  method: 'POST',
  path: '/sms_send',
  auth: true,
  summary: 'Send an SMS verification code to bind a mobile number',
  tags: ['auth'],
  request: z
    .object({ area_code: areaCode(), mobile: requiredString() })
    .superRefine(mobileFitsArea('mobile', 'area_code')),
  response: z.object({ expires_in: z.number().int(), resend_in: z.number().int() }),
});

/** Checks a code without consuming it (the register form's step before the password). */
export const checkCode = endpoint({
  method: 'POST',
  path: '/user/check_email',
  auth: false,
  summary: 'Check a verification code without using it up (wrong tries still count)',
  tags: ['auth'],
  request: z.object({
    user_string: requiredString(),
    scene: scene.default('register'),
    email_code: verificationCode(),
    country_code: optionalString(),
    area_code: areaCode().optional(),
    type: accountType.default('email'),
  }),
  response: z.object({ valid: z.literal(true) }),
});

export const register = endpoint({
  method: 'POST',
  path: '/user/register',
  auth: false,
  summary: 'Register with an email or a mobile number and a verification code',
  tags: ['auth'],
  request: z
    .object({
      user_string: requiredString(),
      code: verificationCode(),
      password: password(),
      re_password: password(),
      extension_code: optionalString(),
      type: accountType.default('email'),
      area_code: areaCode().optional(),
      device_key: deviceKeyField(),
    })
    .superRefine(passwordsMatch('password', 're_password')),
  response: z.object({ token: z.string(), user: userSchema }),
});

/** Reply `message` is the session token itself, as the original client reads it. */
export const login = endpoint({
  method: 'POST',
  path: '/user/login',
  auth: false,
  summary: 'Log in; the reply message is the session token',
  tags: ['auth'],
  request: z.object({
    user_string: requiredString(),
    password: requiredText({ trim: false }),
    type: accountType.optional(),
    area_code: areaCode().optional(),
    device_key: deviceKeyField(),
  }),
  response: z.string(),
});

export const logout = endpoint({
  method: 'GET',
  path: '/user/logout',
  auth: true,
  summary: 'Revoke the current session token',
  tags: ['auth'],
  request: z.object({}),
  response: z.string(),
});

export const forget = endpoint({
  method: 'POST',
  path: '/user/forget',
  auth: false,
  summary: 'Reset the login password with a verification code; revokes every session',
  tags: ['auth'],
  request: z
    .object({
      account: requiredString(),
      password: password(),
      repassword: password(),
      code: verificationCode(),
      type: accountType.default('email'),
      area_code: areaCode().optional(),
    })
    .superRefine(passwordsMatch('password', 'repassword')),
  response: z.string(),
});

export const userInfo = endpoint({
  method: 'GET',
  path: '/user/info',
  auth: true,
  summary: 'The signed-in user',
  tags: ['user'],
  request: z.object({}),
  response: userSchema,
});
