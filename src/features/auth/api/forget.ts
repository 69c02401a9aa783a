import { forget } from '@contract/auth';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

export const requestPasswordReset = (data: RequestOf<typeof forget>) => call(forget, data);
