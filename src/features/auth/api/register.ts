import { register } from '@contract/auth';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';
import { deviceKey } from './login';

export const requestRegister = (data: RequestOf<typeof register>) =>
  call(register, { ...data, device_key: deviceKey() });
