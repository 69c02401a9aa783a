import type { Currency } from '@contract/market';
import { CATALOG } from './catalog';

/** Crypto currencies of the catalogue: what the wallet shows and the exchange accepts. */
export const WALLET_CURRENCIES: readonly Currency[] = CATALOG.currencies.filter((c) => c.type === 'crypto');
const byId = new Map(WALLET_CURRENCIES.map((c) => [c.id, c]));
export const walletCurrency = (id: number): Currency | undefined => byId.get(id);
export const currencyName = (id: number): string => byId.get(id)?.name ?? String(id);
