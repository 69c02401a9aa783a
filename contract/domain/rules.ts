import { z } from 'zod';
import { hasNoSpecialCharacters, isCode, isEmail, isMobileNumber } from './checkers';

/**
 * Validation rules of SPEC.md section 5 as zod schemas. Messages are keys of the shared message
 * catalogue (contract/messages); each side localizes them and names the field from the issue path.
 */

export const PASSWORD_MIN_EXCLUSIVE = 6;
export const CODE_LENGTH = 6;

/** A form field: present and not blank (form-encoded bodies carry strings). */
export const requiredString = () =>
  z
    .string({ error: 'field_required' })
    .trim()
    .min(1, { error: 'field_required' })
    .max(200, { error: 'field_too_long' });

export const optionalString = () =>
  z.string({ error: 'field_invalid' }).trim().max(200, { error: 'field_too_long' }).optional();

/** Password longer than 6 characters. */
export const password = () =>
  z
    .string({ error: 'field_required' })
    .min(1, { error: 'field_required' })
    .refine((v) => v.length > PASSWORD_MIN_EXCLUSIVE, { error: 'password_too_short' })
    .refine((v) => v.length <= 64, { error: 'field_too_long' });

export const verificationCode = () =>
  z
    .string({ error: 'field_required' })
    .trim()
    .min(1, { error: 'field_required' })
    .refine((v) => isCode(v, CODE_LENGTH), { error: 'code_format' });

export const email = () =>
  z
    .string({ error: 'field_required' })
    .trim()
    .min(1, { error: 'field_required' })
    .toLowerCase()
    .refine(isEmail, { error: 'email_invalid' });

export const mobile = () =>
  z
    .string({ error: 'field_required' })
    .trim()
    .min(1, { error: 'field_required' })
    .refine(isMobileNumber, { error: 'mobile_invalid' });

/** Dialling code such as "86" or "+852"; stored without the plus. */
export const areaCode = () =>
  z
    .string({ error: 'field_required' })
    .trim()
    .transform((v) => v.replace(/^\+/, ''))
    .refine((v) => /^\d{1,4}$/.test(v), { error: 'field_invalid' });

export const plainText = (max: number) =>
  z
    .string({ error: 'field_invalid' })
    .trim()
    .max(max, { error: 'field_too_long' })
    .refine(hasNoSpecialCharacters, { error: 'special_characters' });

/** The confirmation must match: "two passwords inconsistent", reported on the confirmation field. */
export const passwordsMatch =
  <T extends Record<string, unknown>>(passwordKey: keyof T & string, confirmKey: keyof T & string) =>
  (value: T, ctx: z.RefinementCtx) => {
    if (value[passwordKey] !== value[confirmKey]) {
      ctx.addIssue({ code: 'custom', message: 'passwords_inconsistent', path: [confirmKey] });
    }
  };
