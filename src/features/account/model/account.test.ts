import { describe, expect, it } from 'vitest';
import { accountLabel, formatJoined, initials } from './account';

describe('account display', () => {
  it('shows the email address, or the mobile number with its dialling code', () => {
    expect(accountLabel({ email: 'ann@example.com', phone: '61234567', area_code: '852' })).toBe('ann@example.com');
    expect(accountLabel({ email: '', phone: '61234567', area_code: '852' })).toBe('+852 61234567');
    expect(accountLabel({ email: '', phone: '61234567', area_code: '' })).toBe('61234567');
    expect(accountLabel({ email: '', phone: '', area_code: '' })).toBe('');
  });

  it('derives an avatar placeholder', () => {
    expect(initials({ nickname: 'ann', email: '', phone: '' })).toBe('A');
    expect(initials({ nickname: '', email: 'bob@x.io', phone: '' })).toBe('B');
    expect(initials({ nickname: '', email: '', phone: '61234567' })).toBe('67');
    expect(initials({ nickname: '小明', email: '', phone: '' })).toBe('小');
  });

  it('formats the joining date in the reader language', () => {
    expect(formatJoined('2026-03-05T10:00:00.000Z', 'en')).toBe('March 5, 2026');
    expect(formatJoined('2026-03-05T10:00:00.000Z', 'fr')).toBe('5 mars 2026');
    expect(formatJoined('not a date', 'en')).toBe('not a date');
  });
});
