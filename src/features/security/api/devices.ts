import { notMe, notMeCheck, sessionLogout, withdrawUnfreeze } from '@contract/devices';
import { logoutOtherSessions, sessionList } from '@contract/identity';
import { call } from '@/lib/http';
import { offlineQuiet } from './security';

export const fetchSessions = () => call(sessionList, {}, offlineQuiet());
export const logoutSession = (id: number) => call(sessionLogout, { id });
export const logoutOthers = () => call(logoutOtherSessions, {});
export const unfreezeWithdrawals = (stepUp: string) => call(withdrawUnfreeze, { step_up: stepUp });
/** The page says what went wrong with a link itself, not as a toast. */
export const checkNotMeLink = (token: string) => call(notMeCheck, { token }, { silent: true });
export const redeemNotMeLink = (token: string) => call(notMe, { token }, { silent: true });
