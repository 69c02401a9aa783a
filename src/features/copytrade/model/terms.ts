import { Decimal } from 'decimal.js';

/** A published fee rate as a percentage without trailing zeros: "0.0005" → "0.05". */
export function ratePercent(rate: string): string {
  const text = new Decimal(rate).times(100).toFixed(4);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
