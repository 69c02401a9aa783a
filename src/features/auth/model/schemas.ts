import { z } from 'zod';
import type { AccountType } from '@contract/auth';
import {
  areaCode,
  email,
  mobile,
  mobileFitsArea,
  optionalString,
  password,
  passwordsMatch,
  verificationCode,
} from '@contract/domain/rules';

/**
 * Form schemas built from the contract's rules. The account is checked under its own name
 * (`email` or `mobile`) so a message names what the user sees ("Email is required"), then mapped
 * to the request's `user_string` / `account` field. The other fields keep their request names.
 */

export interface AccountValue {
  user_string: string;
  /** Dialling code, for mobile accounts only. */
  area_code?: string;
}

export interface AccountInputValues {
  type: AccountType;
  value: string;
  dialCode: string;
}

export const accountSchema = (type: AccountType): z.ZodType<AccountValue> =>
  type === 'email'
    ? z.object({ email: email() }).transform((v) => ({ user_string: v.email }))
    : z
        .object({ mobile: mobile(), area_code: areaCode() })
        .superRefine(mobileFitsArea('mobile', 'area_code'))
        .transform((v) => ({ user_string: v.mobile, area_code: v.area_code }));

/** The values `accountSchema(type)` reads. */
export function accountValues({ type, value, dialCode }: AccountInputValues): Record<string, string> {
  return type === 'email' ? { email: value } : { mobile: value, area_code: dialCode };
}

/** Fields an account error may be reported on; all are shown at the account input. */
export const ACCOUNT_FIELDS = ['email', 'mobile', 'area_code'] as const;

export const loginFields = z.object({
  password: z.string({ error: 'field_required' }).min(1, { error: 'field_required' }),
});

export const registerFields = z
  .object({
    code: verificationCode(),
    password: password(),
    re_password: password(),
    extension_code: optionalString(),
  })
  .superRefine(passwordsMatch('password', 're_password'));

export const forgetFields = z
  .object({
    code: verificationCode(),
    password: password(),
    repassword: password(),
  })
  .superRefine(passwordsMatch('password', 'repassword'));

/** Empty optional fields are left out instead of being sent as blank strings. */
export function withoutBlank<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')),
  ) as Partial<T>;
}
