import { createHmac } from 'node:crypto';
import type { Network } from '@contract/fund';
import { base58Check, bech32P2wpkh } from './address-check';

/**
 * Deposit addresses. Demo and tests derive a stable per-user address in the network's format
 * (with valid checksums) from a keyed hash, so a user always sees the same address and no two
 * users share one.
 *
 * Production integration point: replace `depositAddress` with a call to the custody service that
 * allocates a real address per user and network (HD derivation path = user id), and run a chain
 * watcher that, for a deposit to such an address with enough confirmations
 * (`NetworkTerms.confirmations`), creates the recharge itself and credits it through the same
 * ledger posting the review uses (`approveRecharge`: external deposits -> user). The derived
 * addresses here have no private key behind them: nothing sent to them can be recovered.
 */
const NAMESPACE = 'h5-exchange deposit address v1';

/** One address per user and chain: ETH and USDT on ERC20 share it, as on a real chain. */
const program = (userId: number, network: Network) =>
  createHmac('sha256', NAMESPACE).update(`${network}:${userId}`).digest().subarray(0, 20);

export function depositAddress(userId: number, network: Network): string {
  const bytes = program(userId, network);
  switch (network) {
    case 'BTC':
      return bech32P2wpkh(bytes);
    case 'ERC20':
      return `0x${bytes.toString('hex')}`;
    case 'TRC20':
      return base58Check(0x41, bytes);
  }
}
