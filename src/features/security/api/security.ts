import { overview, totpConfirm, totpRemove, totpSetup, whitelistSet } from '@contract/security';
import { call } from '@/lib/http';

export const fetchOverview = () => call(overview, {});
/** A new secret each time: an unfinished enrolment is simply started again. */
export const startTotp = () => call(totpSetup, {});
/** Errors are shown under the code field by the sheet, not as a toast. */
export const confirmTotp = (code: string) => call(totpConfirm, { code }, { silent: true });
export const removeTotp = (stepUp: string) => call(totpRemove, { step_up: stepUp });
export const setWhitelist = (on: boolean, stepUp?: string) =>
  call(whitelistSet, { on: on ? '1' : '0', ...(stepUp ? { step_up: stepUp } : {}) });
