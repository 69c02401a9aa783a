import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountSchema, accountValues, forgetFields, loginFields, registerFields, withoutBlank } from './schemas';

const firstIssue = (r: z.ZodSafeParseResult<unknown>) =>
  r.success ? null : { field: r.error.issues[0]?.path[0], message: r.error.issues[0]?.message };

const account = (type: 'email' | 'mobile', value: string, dialCode = '852') =>
  accountSchema(type).safeParse(accountValues({ type, value, dialCode }));

describe('account field', () => {
  it('is checked as an email address on the email tab, under the name the user sees', () => {
    expect(firstIssue(account('email', ''))).toEqual({ field: 'email', message: 'field_required' });
    expect(firstIssue(account('email', 'not-an-email'))).toEqual({ field: 'email', message: 'email_invalid' });
    expect(account('email', ' Ann@Example.COM ').data).toEqual({ user_string: 'ann@example.com' });
  });

  it('is checked as a number with a dialling code on the mobile tab', () => {
    expect(firstIssue(account('mobile', '12ab'))).toEqual({ field: 'mobile', message: 'mobile_invalid' });
    expect(firstIssue(account('mobile', '61234567', ''))).toEqual({ field: 'area_code', message: 'field_invalid' });
    expect(account('mobile', '61234567', '+852').data).toEqual({ user_string: '61234567', area_code: '852' });
  });

  it('takes only a mainland mobile (11 digits, 1 then 3-9) under +86', () => {
    expect(firstIssue(account('mobile', '61234567', '86'))).toEqual({ field: 'mobile', message: 'mobile_invalid' });
    expect(firstIssue(account('mobile', '12800138000', '+86'))).toEqual({ field: 'mobile', message: 'mobile_invalid' });
    expect(account('mobile', '13800138000', '+86').data).toEqual({ user_string: '13800138000', area_code: '86' });
  });
});

describe('form fields', () => {
  it('only asks for a password on login', () => {
    expect(firstIssue(loginFields.safeParse({ password: '' }))).toEqual({
      field: 'password',
      message: 'field_required',
    });
    expect(loginFields.safeParse({ password: 'x' }).success).toBe(true);
  });

  it('applies the registration rules of the contract', () => {
    const base = { code: '123456', password: 'secret12', re_password: 'secret12' };
    expect(registerFields.safeParse(base).success).toBe(true);
    expect(firstIssue(registerFields.safeParse({ ...base, code: '12345' }))).toEqual({
      field: 'code',
      message: 'code_format',
    });
    expect(firstIssue(registerFields.safeParse({ ...base, password: '123456', re_password: '123456' }))).toEqual({
      field: 'password',
      message: 'password_too_short',
    });
    expect(firstIssue(registerFields.safeParse({ ...base, re_password: 'secret13' }))).toEqual({
      field: 're_password',
      message: 'passwords_inconsistent',
    });
  });

  it('reports a mismatched confirmation on the forget form field', () => {
    const values = { code: '654321', password: 'newpass1', repassword: 'newpass2' };
    expect(firstIssue(forgetFields.safeParse(values))).toEqual({
      field: 'repassword',
      message: 'passwords_inconsistent',
    });
  });

  it('drops blank optional fields', () => {
    expect(withoutBlank({ a: 'x', extension_code: '  ', n: 0 })).toEqual({ a: 'x', n: 0 });
  });
});
