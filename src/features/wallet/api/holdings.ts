import { takeHoldings } from '../prefetch';

/**
 * Each product's holdings valued in USDT (the request started at start-up is taken first);
 * silent: the screen shows cached figures instead.
 */
export const fetchHoldings = takeHoldings;
