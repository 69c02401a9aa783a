import type { userInfo } from '@contract/auth';
import { call, endpointRef } from '@/lib/http';

/** Home is the first route: a schema-free reference keeps zod out of its bundle. */
export const userInfoEndpoint = endpointRef<typeof userInfo>('GET', '/user/info');

/** Quiet on network failure; an ended session (999) still runs the catalogue. */
export const fetchUserInfo = () => call(userInfoEndpoint, {}, { silent: true });
