import type { userInfo } from '@contract/auth';
import { call, endpointRef, type SettleOptions } from '../http';
import { appStore, userAtom } from '../state';

/** `/user/info` without its schema: home (the first route) reads the user, and zod stays off it. */
export const userInfoEndpoint = endpointRef<typeof userInfo>('GET', '/user/info');

/** The signed-in user from the server. Rejects with ApiError after the HTTP client's catalogue. */
export const fetchUser = (options?: SettleOptions) => call(userInfoEndpoint, {}, options);

/**
 * Re-reads the user and stores it, so every screen (flags such as `has_pay_password`, bound
 * email and mobile, level) follows a change at once. The one way the client refreshes the user.
 */
export async function refreshUser(options?: SettleOptions) {
  const user = await fetchUser(options);
  appStore.set(userAtom, user);
  return user;
}
