/** What a price or amount field accepts while typing: digits and one point, at most 10 decimals. */
export function sanitizeNumber(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const [int = '', ...rest] = cleaned.split('.');
  if (rest.length === 0) return int;
  return `${int}.${rest.join('').slice(0, 10)}`;
}
