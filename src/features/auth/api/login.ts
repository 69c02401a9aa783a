import { login } from '@contract/auth';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

/** Resolves with the session token (the reply message itself). */
export const requestLogin = (data: RequestOf<typeof login>) => call(login, data);
