import { pages } from '@/lib/nav';

/**
 * Entries of the settings list that open another page, by route. The labels live in the
 * component (they are UI text); this keeps the order and targets in one place.
 */
export const ACCOUNT_ENTRIES = [
  { key: 'profile', to: pages.setting.userInfo, needsLogin: true },
  { key: 'security', to: pages.setting.security, needsLogin: true },
  { key: 'identity', to: pages.setting.real, needsLogin: true },
  { key: 'bank', to: pages.setting.bank, needsLogin: true },
  { key: 'wallet', to: pages.setting.wallet, needsLogin: true },
  { key: 'coupons', to: pages.setting.coupon, needsLogin: true },
  { key: 'alerts', to: pages.setting.alerts, needsLogin: true },
] as const;

export const ABOUT_ENTRIES = [
  { key: 'share', to: pages.setting.share, needsLogin: true },
  { key: 'faq', to: pages.common.faq, needsLogin: false },
  { key: 'compliance', to: pages.setting.operational_compliance, needsLogin: false },
  { key: 'contact', to: pages.common.contactus, needsLogin: false },
  { key: 'about', to: pages.common.aboutus, needsLogin: false },
] as const;

export type EntryKey = (typeof ACCOUNT_ENTRIES)[number]['key'] | (typeof ABOUT_ENTRIES)[number]['key'];

/** Signed-out visitors only see what they can use without an account. */
export function visibleEntries<E extends { needsLogin: boolean }>(entries: readonly E[], loggedIn: boolean): E[] {
  return entries.filter((e) => loggedIn || !e.needsLogin);
}
