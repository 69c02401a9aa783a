import { legalLog } from '@contract/wallet';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

export const fetchLegalLog = (data: RequestOf<typeof legalLog>) => call(legalLog, data, { silent: true });
