import { describe, expect, it } from 'vitest';
import { pages } from '@/lib/nav';
import { ABOUT_ENTRIES, ACCOUNT_ENTRIES, visibleEntries } from './entries';

describe('settings entries', () => {
  it('hide account-only entries from signed-out visitors', () => {
    expect(visibleEntries(ACCOUNT_ENTRIES, false)).toEqual([]);
    expect(visibleEntries(ABOUT_ENTRIES, false).map((e) => e.key)).toEqual(['faq', 'compliance', 'contact', 'about']);
  });

  it('show everything once signed in', () => {
    expect(visibleEntries(ABOUT_ENTRIES, true)).toHaveLength(ABOUT_ENTRIES.length);
    expect(visibleEntries(ACCOUNT_ENTRIES, true).map((e) => e.to)).toContain(pages.setting.userInfo);
  });

  it('lead to the coupon centre (SPEC.md lists coupons among the settings)', () => {
    expect(visibleEntries(ACCOUNT_ENTRIES, true).map((e) => e.to)).toContain(pages.setting.coupon);
  });
});
