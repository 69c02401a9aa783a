import type { ChainCurrency, Network } from '@contract/fund';
import { AppError } from '../../errors';
import { CURRENCY_NETWORKS, DEFAULT_NETWORK } from '@contract/fund';

/**
 * Withdrawal fees, minimums and arrival estimates per currency and network. They live on the
 * server only: `/wallet/get_info` publishes them and `/wallet/out` applies them, so a client can
 * never name its own fee. Fees roughly follow what public exchanges charge on each chain.
 */
export interface NetworkTerms {
  withdrawFee: string;
  withdrawMin: string;
  rechargeMin: string;
  confirmations: number;
  arrivalMinutes: number;
}

const TERMS: Record<ChainCurrency, Partial<Record<Network, NetworkTerms>>> = {
  BTC: {
    BTC: { withdrawFee: '0.0005', withdrawMin: '0.001', rechargeMin: '0.0001', confirmations: 2, arrivalMinutes: 60 },
  },
  ETH: {
    ERC20: { withdrawFee: '0.003', withdrawMin: '0.01', rechargeMin: '0.001', confirmations: 12, arrivalMinutes: 15 },
  },
  USDT: {
    TRC20: { withdrawFee: '1', withdrawMin: '10', rechargeMin: '1', confirmations: 20, arrivalMinutes: 5 },
    ERC20: { withdrawFee: '5', withdrawMin: '20', rechargeMin: '1', confirmations: 12, arrivalMinutes: 15 },
  },
};

/** Bank payouts are made in USDT's fiat value by the operator's bank; SWIFT is slower and dearer. */
export const BANK_TERMS = {
  bank: { currency: 'USDT' as const, fee: '5', min: '50' },
  international: { currency: 'USDT' as const, fee: '25', min: '100' },
};

export function networkFor(currency: ChainCurrency, network: Network | undefined): Network {
  const chosen = network ?? DEFAULT_NETWORK[currency];
  if (!CURRENCY_NETWORKS[currency].includes(chosen)) {
    throw new AppError('network_unsupported', { field: 'network' });
  }
  return chosen;
}

export function termsOf(currency: ChainCurrency, network: Network): NetworkTerms {
  const terms = TERMS[currency][network];
  if (!terms) throw new AppError('network_unsupported', { field: 'network' });
  return terms;
}
