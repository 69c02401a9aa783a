import { walletList } from '@contract/wallet';
import { call } from '@/lib/http';

/** The four accounts valued in `currency_code`; silent: the screen shows cached figures instead. */
export const fetchWalletList = (currency_code: string) => call(walletList, { currency_code }, { silent: true });
