/**
 * The invitation code a shared link carries: `?code=` or `?extension_code=` in the route search.
 * Search values may arrive parsed as numbers (TanStack Router parses JSON-looking values).
 */
export function inviteCodeFromSearch(search: Record<string, unknown> | undefined): string {
  for (const key of ['extension_code', 'code']) {
    const raw = search?.[key];
    if (typeof raw === 'string' || typeof raw === 'number') {
      const value = String(raw).trim();
      if (/^[A-Za-z0-9]{1,32}$/.test(value)) return value;
    }
  }
  return '';
}
