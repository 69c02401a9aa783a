import type { Locale } from '@contract/domain/locales';
import { ACTION_TEXTS, type PushEventOf, type PushRenderers, type Rendered } from './texts';
import { ACCOUNT_RENDERERS, ACCOUNT_TEXTS } from './texts-account';
import { FINANCE_RENDERERS, FINANCE_TEXTS } from './texts-finance';
import { SECURITY_RENDERERS, SECURITY_TEXTS } from './texts-security';

/**
 * The core's push renderers: announcements, wallet reviews, the account's security, and the
 * finance products' maturity (lock mining and dual investment share it). The products' are in
 * their folders; `wiring.ts` joins all of them into the app's table.
 */

/** An administrator's announcement: the admin's own words, the same in every language. */
const announcement = (event: PushEventOf<'system.announcement'>, _locale: Locale): Rendered => ({
  title: event.title,
  body: event.body,
  route: event.route ?? '/',
  tag: 'system',
  actions: [],
});

type CoreType = keyof typeof ACCOUNT_RENDERERS | keyof typeof FINANCE_RENDERERS | keyof typeof SECURITY_RENDERERS;

export const CORE_PUSH_RENDERERS: Pick<PushRenderers, 'system.announcement' | CoreType> = {
  'system.announcement': announcement,
  ...FINANCE_RENDERERS,
  ...ACCOUNT_RENDERERS,
  ...SECURITY_RENDERERS,
};

/** The core's text tables, each text in the 8 languages (the tests check every one). */
export const CORE_PUSH_TEXTS = [ACTION_TEXTS, FINANCE_TEXTS, ACCOUNT_TEXTS, SECURITY_TEXTS];
