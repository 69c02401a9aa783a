import { takeWalletList } from '../prefetch';

/**
 * The four accounts valued in `currency_code` (the one started at start-up is taken first);
 * silent: the screen shows cached figures instead.
 */
export const fetchWalletList = (currency_code: string) => takeWalletList(currency_code);
