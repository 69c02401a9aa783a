import type { AlertKind } from '@contract/alerts';
import { percentAllowed } from '@contract/alerts';

/** What the amount fields accept: the contract's `amount()` (at most 15 integer digits, 10 decimals, above 0). */
const AMOUNT = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,10})?$/;

export const validAmount = (v: string): boolean => AMOUNT.test(v) && /[1-9]/.test(v);

export const validPercent = (v: string): boolean => validAmount(v) && percentAllowed(v);

/**
 * The direction of a price alert from its target and the price now: a target above today's price
 * waits for a rise, one at or below it for a fall. Without a price now, a rise.
 */
export function priceKind(target: string, now: string | null): Exclude<AlertKind, 'change'> {
  if (now === null) return 'above';
  return Number(target) > Number(now) ? 'above' : 'below';
}

/** Cool-downs offered between two firings of a repeating alert, in minutes. */
export const COOLDOWNS = [5, 15, 60, 240, 1440] as const;
