import { z } from 'zod';
import { hasNoSpecialCharacters, isCode, isEmail, isMobileFor, isMobileNumber } from './checkers';
import { requiredText, text } from './wire';

/**
 * Validation rules of SPEC.md section 5 as zod schemas. Messages are keys of the shared message
 * catalogue (contract/messages); each side localizes them and names the field from the issue path.
 */

export const PASSWORD_MIN_EXCLUSIVE = 6;
export const PASSWORD_MAX = 64;
export const CODE_LENGTH = 6;

/** What a code input keeps of what is typed or pasted: digits, at most the code's length. */
export const codeDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** A form field: present and not blank (form-encoded bodies carry strings). */
export const requiredString = () => requiredText();

export const optionalString = () => text({ missing: 'field_invalid' }).optional();

/** Password longer than 6 characters. */
export const password = () =>
  text({ trim: false, max: PASSWORD_MAX })
    .min(1, { error: 'field_required' })
    .refine((v) => v.length > PASSWORD_MIN_EXCLUSIVE, { error: 'password_too_short' });

export const verificationCode = () =>
  text()
    .min(1, { error: 'field_required' })
    .refine((v) => isCode(v, CODE_LENGTH), { error: 'code_format' });

export const email = () =>
  text({ max: 254 }).min(1, { error: 'field_required' }).toLowerCase().refine(isEmail, { error: 'email_invalid' });

export const mobile = () =>
  text().min(1, { error: 'field_required' }).refine(isMobileNumber, { error: 'mobile_invalid' });

/** Dialling code such as "86" or "+852"; stored without the plus. */
export const areaCode = () =>
  text()
    .transform((v) => v.replace(/^\+/, ''))
    .refine((v) => /^\d{1,4}$/.test(v), { error: 'field_invalid' });

export const plainText = (max: number) =>
  text({ max, missing: 'field_invalid' }).refine(hasNoSpecialCharacters, { error: 'special_characters' });

/** The confirmation must match: "two passwords inconsistent", reported on the confirmation field. */
/**
 * Checks a mobile number against its dialling code (a +86 number must be a mainland mobile), on
 * the object that holds both; spaces and dashes are left out as the server leaves them out.
 */
export const mobileFitsArea =
  <T extends Record<string, unknown>>(mobileKey: keyof T & string, areaKey: keyof T & string) =>
  (value: T, ctx: z.RefinementCtx) => {
    const number = value[mobileKey];
    const area = value[areaKey];
    if (typeof number !== 'string' || typeof area !== 'string') return;
    if (!isMobileFor(area, number.replace(/[\s-]/g, ''))) {
      ctx.addIssue({ code: 'custom', message: 'mobile_invalid', path: [mobileKey] });
    }
  };

export const passwordsMatch =
  <T extends Record<string, unknown>>(passwordKey: keyof T & string, confirmKey: keyof T & string) =>
  (value: T, ctx: z.RefinementCtx) => {
    if (value[passwordKey] !== value[confirmKey]) {
      ctx.addIssue({ code: 'custom', message: 'passwords_inconsistent', path: [confirmKey] });
    }
  };
