import {
  cashInfo,
  cashInfoInternational,
  cashSave,
  cashSaveInternational,
  payPassword,
  walletList,
  walletSave,
} from '@contract/fund';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

export const fetchBankCard = () => call(cashInfo, {}, { silent: true });
export const saveBankCard = (data: RequestOf<typeof cashSave>) => call(cashSave, data);
export const fetchInternationalCard = () => call(cashInfoInternational, {}, { silent: true });
export const saveInternationalCard = (data: RequestOf<typeof cashSaveInternational>) =>
  call(cashSaveInternational, data);
export const fetchAddresses = (currency?: string) =>
  call(walletList, { page: 1, limit: 100, ...(currency ? { currency } : {}) }, { silent: true });
export const saveAddress = (data: RequestOf<typeof walletSave>) => call(walletSave, data);
export const savePayPassword = (data: RequestOf<typeof payPassword>) => call(payPassword, data);
