import { logout } from '@contract/auth';
import { call } from '@/lib/http';

export const requestLogout = () => call(logout, {});
