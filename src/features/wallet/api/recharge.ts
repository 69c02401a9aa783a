import { chargeReq, getInAddress, getInfo, rechargeLog } from '@contract/fund';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

export const fetchFundInfo = (currency: string) => call(getInfo, { currency }, { silent: true });
export const fetchInAddress = (currency: string, network: string) =>
  call(getInAddress, { currency, network }, { silent: true });
export const requestRecharge = (data: RequestOf<typeof chargeReq>, idempotencyKey: string) =>
  call(chargeReq, data, { idempotencyKey });
export const fetchRechargeLog = (page: number) => call(rechargeLog, { page }, { silent: true });
