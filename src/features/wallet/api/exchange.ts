import { transfer, transferFee, transferList } from '@contract/wallet';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

export const fetchTransferList = () => call(transferList, {}, { silent: true });
export const fetchTransferFee = (data: RequestOf<typeof transferFee>) => call(transferFee, data);
export const requestExchange = (data: RequestOf<typeof transfer>, idempotencyKey: string) =>
  call(transfer, data, { idempotencyKey });
