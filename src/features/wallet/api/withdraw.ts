import { withdraw, withdrawList } from '@contract/fund';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

export const requestWithdraw = (data: RequestOf<typeof withdraw>, idempotencyKey: string) =>
  call(withdraw, data, { idempotencyKey });
export const fetchWithdrawList = (page: number) => call(withdrawList, { page }, { silent: true });
