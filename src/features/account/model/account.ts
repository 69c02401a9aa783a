import type { User } from '@contract/auth';

/** How the user signs in: the email address when there is one, otherwise +code and number. */
export function accountLabel(user: Pick<User, 'email' | 'phone' | 'area_code'>): string {
  if (user.email) return user.email;
  if (user.phone) return user.area_code ? `+${user.area_code} ${user.phone}` : user.phone;
  return '';
}

/** One or two letters for the avatar placeholder, from the nickname or the account. */
export function initials(user: Pick<User, 'nickname' | 'email' | 'phone'>): string {
  const source = (user.nickname || user.email || '').trim();
  if (!source) return user.phone ? user.phone.slice(-2) : '?';
  const first = [...source][0] ?? '?';
  return first.toUpperCase();
}

/** The date part of an ISO timestamp in the reader's calendar; the raw value if it is not a date. */
export function formatJoined(createdAt: string, bcp47: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  return new Intl.DateTimeFormat(bcp47, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}
