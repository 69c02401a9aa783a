import { billExport, billList } from '@contract/bill';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

type Filter = Omit<RequestOf<typeof billList>, 'page' | 'limit'>;

export const fetchBills = (filter: Filter, page: number) =>
  call(billList, { ...filter, page, limit: 20 }, { silent: true });
export const exportBills = (filter: Filter) => call(billExport, filter);
