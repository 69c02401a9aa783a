import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import en from '@contract/messages/en';
import hk from '@contract/messages/hk';
import { password, passwordsMatch, verificationCode } from '@contract/domain/rules';
import { validateWith } from './validate';

const schema = z
  .object({ code: verificationCode(), password: password(), re_password: password() })
  .superRefine(passwordsMatch('password', 're_password'));

describe('validateWith', () => {
  it('returns the parsed data when valid', () => {
    expect(validateWith(en, schema, { code: ' 123456 ', password: 'abcdefg', re_password: 'abcdefg' })).toEqual({
      ok: true,
      data: { code: '123456', password: 'abcdefg', re_password: 'abcdefg' },
    });
  });

  it('names the field and localizes the message', () => {
    const bad = { code: '12', password: 'abcdefg', re_password: 'abcdefg' };
    expect(validateWith(en, schema, bad)).toEqual({
      ok: false,
      field: 'code',
      message: 'Verification code must be exactly 6 digits',
    });
    const inHk = validateWith(hk, schema, bad);
    expect(inHk.ok).toBe(false);
    if (!inHk.ok) expect(inHk.message).not.toBe('Verification code must be exactly 6 digits');
  });

  it('reports mismatched passwords on the confirmation', () => {
    const r = validateWith(en, schema, { code: '123456', password: 'abcdefg', re_password: 'abcdefh' });
    expect(r).toEqual({ ok: false, field: 're_password', message: 'Two passwords inconsistent' });
  });

  it('falls back to the message key before the catalogue has loaded', () => {
    expect(validateWith(undefined, schema, {})).toMatchObject({ ok: false, message: 'field_required' });
  });
});
