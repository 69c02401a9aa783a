import { createHmac } from 'node:crypto';
import type { Network } from '@contract/fund';
import { base58Check, bech32P2wpkh } from './address-check';

/**
 * Deposit addresses come from a `DepositAddressSource`, chosen by `DEPOSIT_ADDRESSES`:
 *
 * - `derived` (demo only): `derivedAddresses` computes a stable per-user address in the network's
 *   format (valid checksums) from a keyed hash, so a user always sees the same address and no two
 *   users share one. There is NO private key behind these addresses: anything sent to them is
 *   lost. They are served with `simulated: true` and labelled on the screen; production refuses
 *   to start with them (config.ts).
 * - `xpub`: `xpubAddresses` (xpub-addresses.ts) derives each user's address from the operator's
 *   account public key (`DEPOSIT_XPUB_*`) at an index allocated once per user and network, with
 *   `simulated: false`; the private keys stay in the operator's wallet, off this server. Deposits
 *   are still credited only through a recharge voucher and staff review.
 * - `custody` (production default): a custody integration passed to `buildApp({custody})`
 *   implements `DepositAddressSource` with `simulated: false`: `addressFor(userId, network)`
 *   allocates (or returns the already allocated) real address of that user on that network from
 *   the custody service (e.g. an HD wallet whose derivation path is the user id), idempotently
 *   and durably. A chain watcher beside it creates the recharge itself for a deposit to such an
 *   address once it has `NetworkTerms.confirmations`, and credits it through the same ledger
 *   posting the review uses (external deposits -> user). Without an integration
 *   `/wallet/get_in_address` refuses to answer rather than show an address nobody controls.
 */
export interface DepositAddressSource {
  /** True when nothing stands behind the addresses: the API and the screen say so. */
  readonly simulated: boolean;
  addressFor(userId: number, network: Network): Promise<string>;
}

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

/** Demo addresses with no key behind them (see above). */
export const derivedAddresses: DepositAddressSource = {
  simulated: true,
  addressFor: (userId, network) => Promise.resolve(depositAddress(userId, network)),
};
