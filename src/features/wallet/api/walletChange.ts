import { walletChange } from '@contract/wallet';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

/** Moves funds between own accounts; the key makes a retried tap apply once. */
export const requestWalletChange = (data: RequestOf<typeof walletChange>, idempotencyKey: string) =>
  call(walletChange, data, { idempotencyKey });
