import { lockCancel, lockConfig, lockDeposit, lockOrders, type LockStatus } from '@contract/lockming';
import { walletDetail } from '@contract/wallet';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

/** USDT: the one currency lock mining takes today (`currency_id` of every product). */
export const fetchProducts = () => call(lockConfig, {}, quiet);
export const fetchOrders = (status: LockStatus, page: number) => call(lockOrders, { status, page, limit: 10 }, quiet);
/** The exchange (change) account balance a deposit is held from. */
export const fetchBalance = (currency: number) => call(walletDetail, { currency, type: 'change' }, quiet);
export const sendDeposit = (configId: number, amount: string, key: string) =>
  call(lockDeposit, { config_id: configId, amount }, { idempotencyKey: key });
export const sendCancel = (id: number, key: string) => call(lockCancel, { id }, { idempotencyKey: key });
