/**
 * Form fields from a request object. Form bodies carry strings only; nested objects (a bank card
 * "sent as a whole object") travel as JSON text in their field.
 */
export function toFields(data: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof data !== 'object' || data === null) return fields;
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    fields[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return fields;
}

/** Joins the base with an endpoint path, whatever slashes either has. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
