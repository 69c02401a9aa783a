import { z } from 'zod';
import { CURRENCY_IDS } from '@contract/domain/instruments';
import { microSecondsSchema, type MicroSeconds } from '@contract/seconds';
import { liveSetting } from '../../settings/live';

/**
 * The default terms of seconds contracts, published by `/microtrade/seconds` until an admin
 * changes them (`secondsTerms`, within `SECONDS_BOUNDS`). A change applies only to orders accepted
 * afterwards (each order stores the ratio it was accepted with); no setting touches an outcome.
 *
 * A win pays stake x (1 + ratio); a 50/50 guess at 30 s returns 0.6 of the stake on average, the
 * house's margin, published as it is.
 */
export const DURATIONS: readonly MicroSeconds[] = [
  { id: 1, seconds: 30, status: 1, profit_ratio: '0.2', min_stake: '10', max_stake: '5000' },
  { id: 2, seconds: 60, status: 1, profit_ratio: '0.3', min_stake: '10', max_stake: '5000' },
  { id: 3, seconds: 180, status: 1, profit_ratio: '0.5', min_stake: '10', max_stake: '10000' },
  { id: 4, seconds: 300, status: 1, profit_ratio: '0.6', min_stake: '10', max_stake: '10000' },
];

/** The durations in force: the defaults until the back office saves its own. */
export const secondsTerms = liveSetting<MicroSeconds[]>('product.seconds', z.array(microSecondsSchema), [...DURATIONS]);

/** Currencies a stake may be paid in (held in and paid to the micro account). */
export const STAKE_CURRENCIES: readonly number[] = [CURRENCY_IDS.USDT];

/**
 * Default cap on the house's open stake per pair and direction, in the stake currency: an order
 * that would take the open stake of its pair and direction above it is refused.
 */
export const DEFAULT_HOUSE_CAP = '200000';

/**
 * A settlement price must be a live one: the last recorded trade at or before the expiry may be at
 * most this old, else the order is void and refunded. A constant of the published terms, not a
 * setting, so no configuration can turn a stale price into an outcome (or void live ones).
 */
export const SETTLE_PRICE_MAX_AGE_MS = 10_000;
