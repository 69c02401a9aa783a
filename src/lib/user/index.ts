export { fetchUser, refreshUser, userInfoEndpoint } from './refresh';
export { useUser } from './useUser';
