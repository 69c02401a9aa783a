import { CHAIN_CURRENCIES, CURRENCY_NETWORKS, DEFAULT_NETWORK, type ChainCurrency, type Network } from '@contract/fund';

export const isChainCurrency = (v: unknown): v is ChainCurrency => CHAIN_CURRENCIES.includes(v as ChainCurrency);

/**
 * The network to use for a coin: the one the user chose last if the coin has it, otherwise the
 * coin's default (TRC20 for USDT, SPEC.md section 9).
 */
export function pickNetwork(currency: ChainCurrency, stored: string): Network {
  const networks = CURRENCY_NETWORKS[currency];
  return networks.includes(stored as Network) ? (stored as Network) : DEFAULT_NETWORK[currency];
}

/** Where the coin picker leads: recharge or withdrawal. */
export type SelectNext = 'receive' | 'withdraw';
export const selectNext = (v: unknown): SelectNext => (v === 'withdraw' ? 'withdraw' : 'receive');
