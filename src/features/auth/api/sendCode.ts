import { sendCode } from '@contract/auth';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

export const requestCode = (data: RequestOf<typeof sendCode>) => call(sendCode, data);
