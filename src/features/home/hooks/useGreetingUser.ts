import { useUser } from '@/lib/user';

/**
 * The signed-in user for the greeting: the stored copy at once, refreshed from the server. A
 * failed refresh was shown by the HTTP client and keeps the stored copy.
 */
export function useGreetingUser() {
  return useUser().user;
}
