/**
 * A referee's contact as a referrer may see it: enough to recognise a friend, never the address.
 * `alice@example.com` -> `al***@example.com`; `61234567` with area code 66 -> `+66 612***67`.
 */
export function maskContact(c: { email: string | null; areaCode: string | null; phone: string | null }): string {
  if (c.email) {
    const at = c.email.lastIndexOf('@');
    const local = at > 0 ? c.email.slice(0, at) : c.email;
    const domain = at > 0 ? c.email.slice(at) : '';
    return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${domain}`;
  }
  if (c.phone) {
    const keep = c.phone.length > 6 ? 3 : 1;
    const tail = c.phone.length > 6 ? 2 : 1;
    const masked = `${c.phone.slice(0, keep)}***${c.phone.slice(-tail)}`;
    return c.areaCode ? `+${c.areaCode} ${masked}` : masked;
  }
  return '***';
}
