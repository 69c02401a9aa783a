import { walletHoldings } from '@contract/wallet';
import { call } from '@/lib/http';

/** Each product's holdings valued in USDT; silent: the screen shows cached figures instead. */
export const fetchHoldings = () => call(walletHoldings, {}, { silent: true });
