import { BILL_TYPES, type BillType } from '@contract/bill';
import { CURRENCY_IDS } from '@contract/domain/instruments';

export const BILL_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type BillRange = (typeof BILL_RANGES)[number];

const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<Exclude<BillRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The statement's filter as the screen holds it: `all` / 0 mean no filter. */
export interface BillFilter {
  type: BillType | 'all';
  currency: number;
  range: BillRange;
}

export const NO_FILTER: BillFilter = { type: 'all', currency: 0, range: '30d' };

export const BILL_TYPE_OPTIONS: readonly (BillType | 'all')[] = ['all', ...BILL_TYPES];

/** Currencies offered as filters (0 = every currency). */
export const BILL_CURRENCIES: readonly { id: number; name: string }[] = [
  { id: CURRENCY_IDS.USDT, name: 'USDT' },
  { id: CURRENCY_IDS.BTC, name: 'BTC' },
  { id: CURRENCY_IDS.ETH, name: 'ETH' },
];

/**
 * The request fields of a filter at `now`: a range is the last n days up to now (the server's
 * `from` is inclusive), whole milliseconds.
 */
export function toRequest(f: BillFilter, now: number): { type?: BillType; currency?: number; from?: number } {
  return {
    ...(f.type === 'all' ? {} : { type: f.type }),
    ...(f.currency > 0 ? { currency: f.currency } : {}),
    ...(f.range === 'all' ? {} : { from: Math.floor(now - RANGE_DAYS[f.range] * DAY_MS) }),
  };
}

/** The stored list's name for a filter (the range by name, so "last 7 days" stays one list). */
export const listName = (f: BillFilter) => `bills:${f.type}:${f.currency}:${f.range}`;

/** How many filters differ from none (for the filter button's badge). */
export const activeFilters = (f: BillFilter): number =>
  Number(f.type !== 'all') + Number(f.currency > 0) + Number(f.range !== 'all');
