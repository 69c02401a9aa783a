import { boardEndpoint, fetchBoard, prefetchBoard } from '@/lib/board';

/** The quote list, the first screen of home and of the market tab: the board (src/lib/board). */
export const quotationEndpoint = boardEndpoint;

/**
 * Starts the quote request beside the app's scripts (prefetchFirstScreen), for the page the app
 * opens at; that page's first fetch takes it.
 */
export const prefetchQuotation = prefetchBoard;

/** The quote list: the request started at start-up if no page has taken it yet, else a shared new one. */
export const fetchQuotation = fetchBoard;
