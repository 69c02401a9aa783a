import { pages } from '@/lib/nav';

/**
 * The link a friend opens to register with the user's code: the register screen with
 * `?extension_code=` (validated by the route, which fills the form's invitation code).
 */
export function inviteLink(code: string, base: string): string {
  const root = base.replace(/[#?].*$/, '').replace(/\/?$/, '/');
  return `${root}#${pages.common.register}?extension_code=${encodeURIComponent(code)}`;
}

/** The app's base address (`https://host/h5/`) from the current location. */
export const appBase = (): string => `${window.location.origin}${window.location.pathname}`;
