import { and, eq, sql } from 'drizzle-orm';
import type { HDKey } from '@scure/bip32';
import type { Network } from '@contract/fund';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { depositAddresses } from '../../db/schema/index';
import { derivedAddresses, type DepositAddressSource } from './deposit-address';
import { addressAt, KEY_CHAINS, parseAccountKey, type KeyChain } from '../../custody/xpub-keys';

/** BIP 32 non-hardened child numbers stop below 2^31. */
const MAX_INDEX = 2 ** 31 - 1;

/** The operator's account keys per network, from `DEPOSIT_XPUB_*` (checked again at start). */
export function accountKeys(keys: Record<KeyChain, string>): Record<Network, HDKey> {
  return {
    BTC: parseAccountKey('BTC', keys[KEY_CHAINS.BTC]),
    ERC20: parseAccountKey('ETH', keys[KEY_CHAINS.ERC20]),
    TRC20: parseAccountKey('TRX', keys[KEY_CHAINS.TRC20]),
  };
}

async function storedAddress(db: Db, userId: number, network: Network): Promise<string | undefined> {
  const [row] = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, network)));
  return row?.address;
}

/**
 * Gives the user the network's next unused index. The per-network advisory lock makes the
 * read of the highest index and the insert one step, so two requests (of one user or of two)
 * never take the same index; the unique indexes are the last guard.
 */
async function allocate(db: Db, key: HDKey, userId: number, network: Network, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit_addresses:${network}`}))`);
    const t = tx as unknown as Db;
    const taken = await storedAddress(t, userId, network);
    if (taken) return taken;
    const [row] = await t
      .select({ next: sql<string>`coalesce(max(${depositAddresses.derivationIndex}) + 1, 0)` })
      .from(depositAddresses)
      .where(eq(depositAddresses.network, network));
    const index = Number(row?.next ?? 0);
    if (index > MAX_INDEX) throw new Error(`deposit addresses of ${network} are used up`);
    const address = addressAt(network, key, index);
    await t.insert(depositAddresses).values({ userId, network, derivationIndex: index, address, createdAt: now });
    return address;
  });
}

/**
 * Watch-only deposit addresses (`DEPOSIT_ADDRESSES=xpub`): each user's address is derived from
 * the operator's account public key at the index allocated to them, so the operator's wallet
 * (which holds the private keys, off this server) sees every deposit. Nothing is credited from
 * here: the user still files a recharge voucher and staff review it.
 */
export function xpubAddresses(db: Db, keys: Record<Network, HDKey>, now: () => Date): DepositAddressSource {
  return {
    simulated: false,
    async addressFor(userId, network) {
      return (await storedAddress(db, userId, network)) ?? allocate(db, keys[network], userId, network, now());
    },
  };
}

/** The source `DEPOSIT_ADDRESSES` names; `custody` without an integration has none. */
export function depositSource(
  ctx: Pick<AppContext, 'config' | 'db' | 'now'>,
  custody: DepositAddressSource | undefined,
): DepositAddressSource | undefined {
  const { config } = ctx;
  if (config.depositAddresses === 'derived') return derivedAddresses;
  if (config.depositAddresses === 'custody') return custody;
  if (!config.depositKeys) throw new Error('DEPOSIT_ADDRESSES=xpub without DEPOSIT_XPUB_* keys');
  return xpubAddresses(ctx.db, accountKeys(config.depositKeys), ctx.now);
}
