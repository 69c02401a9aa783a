import { describe, expect, it } from 'vitest';
import { inviteCodeFromSearch } from './invite';

describe('inviteCodeFromSearch', () => {
  it('reads extension_code or code from the route search', () => {
    expect(inviteCodeFromSearch({ extension_code: 'AB12CD' })).toBe('AB12CD');
    expect(inviteCodeFromSearch({ code: 'XY9' })).toBe('XY9');
    expect(inviteCodeFromSearch({ extension_code: 'FIRST', code: 'SECOND' })).toBe('FIRST');
  });

  it('accepts codes the router parsed as numbers', () => {
    expect(inviteCodeFromSearch({ code: 123456 })).toBe('123456');
  });

  it('ignores missing or malformed values', () => {
    expect(inviteCodeFromSearch(undefined)).toBe('');
    expect(inviteCodeFromSearch({})).toBe('');
    expect(inviteCodeFromSearch({ code: '<script>' })).toBe('');
    expect(inviteCodeFromSearch({ code: { a: 1 } })).toBe('');
  });
});
