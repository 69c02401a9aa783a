import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  areaCode,
  email,
  mobile,
  mobileFitsArea,
  optionalString,
  password,
  passwordsMatch,
  plainText,
  requiredString,
  verificationCode,
} from './rules';

/** The message key of the first issue, or 'ok'. */
function outcome(schema: z.ZodType, value: unknown): string {
  const r = schema.safeParse(value);
  return r.success ? 'ok' : (r.error.issues[0]?.message ?? '?');
}

describe('requiredString', () => {
  it('requires a non-blank string and trims it', () => {
    expect(outcome(requiredString(), undefined)).toBe('field_required');
    expect(outcome(requiredString(), '   ')).toBe('field_required');
    expect(outcome(requiredString(), 12)).toBe('field_required');
    expect(requiredString().parse('  hi  ')).toBe('hi');
  });
  it('limits length to 200', () => {
    expect(outcome(requiredString(), 'a'.repeat(200))).toBe('ok');
    expect(outcome(requiredString(), 'a'.repeat(201))).toBe('field_too_long');
  });
});

describe('optionalString', () => {
  it('allows absence, refuses non-strings and over-long text', () => {
    expect(outcome(optionalString(), undefined)).toBe('ok');
    expect(outcome(optionalString(), 5)).toBe('field_invalid');
    expect(outcome(optionalString(), 'a'.repeat(201))).toBe('field_too_long');
  });
});

describe('password: longer than 6 characters', () => {
  it.each([
    [undefined, 'field_required'],
    ['', 'field_required'],
    ['123456', 'password_too_short'],
    ['1234567', 'ok'],
    ['a'.repeat(64), 'ok'],
    ['a'.repeat(65), 'field_too_long'],
  ])('%j → %s', (v, expected) => expect(outcome(password(), v)).toBe(expected));
});

describe('verificationCode: exactly 6 digits', () => {
  it.each([
    ['', 'field_required'],
    ['12345', 'code_format'],
    ['1234567', 'code_format'],
    ['12345a', 'code_format'],
    ['123456', 'ok'],
    [' 123456 ', 'ok'],
  ])('%j → %s', (v, expected) => expect(outcome(verificationCode(), v)).toBe(expected));
});

describe('email', () => {
  it('validates and lower-cases', () => {
    expect(outcome(email(), '')).toBe('field_required');
    expect(outcome(email(), 'not-an-email')).toBe('email_invalid');
    expect(email().parse(' User@Example.COM ')).toBe('user@example.com');
  });
});

describe('mobile', () => {
  it('takes 4 to 15 digits', () => {
    expect(outcome(mobile(), '')).toBe('field_required');
    expect(outcome(mobile(), '123')).toBe('mobile_invalid');
    expect(outcome(mobile(), '13800138000')).toBe('ok');
  });
});

describe('mobileFitsArea', () => {
  const schema = z
    .object({ mobile: z.string(), area_code: z.string() })
    .superRefine(mobileFitsArea('mobile', 'area_code'));

  it('holds a +86 number to the mainland checker and others to 4-15 digits', () => {
    expect(outcome(schema, { mobile: '61234567', area_code: '86' })).toBe('mobile_invalid');
    expect(outcome(schema, { mobile: '12800138000', area_code: '+86' })).toBe('mobile_invalid');
    expect(outcome(schema, { mobile: '138 0013-8000', area_code: '86' })).toBe('ok');
    expect(outcome(schema, { mobile: '61234567', area_code: '852' })).toBe('ok');
    expect(schema.safeParse({ mobile: '61234567', area_code: '86' }).error?.issues[0]?.path).toEqual(['mobile']);
  });
});

describe('areaCode', () => {
  it('drops a leading plus and takes 1 to 4 digits', () => {
    expect(areaCode().parse('+852')).toBe('852');
    expect(areaCode().parse('86')).toBe('86');
    expect(outcome(areaCode(), '12345')).toBe('field_invalid');
    expect(outcome(areaCode(), 'ab')).toBe('field_invalid');
  });
});

describe('plainText', () => {
  it('refuses special characters and text over the limit', () => {
    expect(outcome(plainText(10), 'Hello')).toBe('ok');
    expect(outcome(plainText(10), '<b>x</b>')).toBe('special_characters');
    expect(outcome(plainText(3), 'abcd')).toBe('field_too_long');
  });
});

describe('passwordsMatch', () => {
  const form = z
    .object({ password: password(), re_password: password() })
    .superRefine(passwordsMatch('password', 're_password'));
  it('reports "two passwords inconsistent" on the confirmation field', () => {
    const r = form.safeParse({ password: 'secret123', re_password: 'secret124' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ message: 'passwords_inconsistent', path: ['re_password'] });
  });
  it('passes when both match', () => {
    expect(form.safeParse({ password: 'secret123', re_password: 'secret123' }).success).toBe(true);
  });
});
