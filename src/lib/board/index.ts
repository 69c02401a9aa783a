import type { quotationNew } from '@contract/market';
import { call, earlyRequest, endpointRef } from '@/lib/http';

/**
 * The quote board (`/currency/quotation_new`: every pair with its quote and rules): the first
 * screen of home and of the market tab, and the pair list of the trade, futures and seconds
 * screens. Home is the first route: a schema-free reference keeps zod out of its bundle.
 */
export const boardEndpoint = endpointRef<typeof quotationNew>('GET', '/currency/quotation_new');

// Quiet: on failure the screens keep their stored quotes and show their time.
const board = earlyRequest(() => call(boardEndpoint, {}, { silent: true }));

/** Starts the board's request beside the app's scripts, for the screen the app opens at. */
export const prefetchBoard = board.prefetch;

/**
 * The board: the request started at start-up if no screen has taken it yet, else one request
 * shared by every caller while it is out.
 */
export const fetchBoard = board.fetch;
