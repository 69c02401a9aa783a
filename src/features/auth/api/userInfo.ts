import { userInfo } from '@contract/auth';
import { call } from '@/lib/http';

export const fetchUserInfo = () => call(userInfo, {});
