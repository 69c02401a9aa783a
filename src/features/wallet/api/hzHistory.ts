import { hzHistory } from '@contract/wallet';
import { call } from '@/lib/http';

export const fetchHzHistory = (page: number) => call(hzHistory, { page }, { silent: true });
