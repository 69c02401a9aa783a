import { fetchApplication } from '../api/follow';
import { useUserReply } from './userCache';

/** The user's latest trader application (null when none), stored for reading offline. */
export function useApplication() {
  const { value, savedAt, failed, refresh } = useUserReply('follow:application', fetchApplication);
  return { application: value, savedAt, failed, refresh };
}
