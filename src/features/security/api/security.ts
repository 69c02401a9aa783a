import {
  overview,
  passkeyRegister,
  passkeyRegisterOptions,
  passkeyRemove,
  passkeyRename,
  totpConfirm,
  totpRemove,
  totpSetup,
  whitelistSet,
} from '@contract/security';
import { call } from '@/lib/http';

/** Offline the page shows its saved copy and says so: no error toast for a request that cannot go. */
export const offlineQuiet = () => ({ silent: !navigator.onLine });
export const fetchOverview = () => call(overview, {}, offlineQuiet());
/** A new secret each time: an unfinished enrolment is simply started again. */
export const startTotp = () => call(totpSetup, {});
/** Errors are shown under the code field by the sheet, not as a toast. */
export const confirmTotp = (code: string) => call(totpConfirm, { code }, { silent: true });
export const removeTotp = (stepUp: string) => call(totpRemove, { step_up: stepUp });
export const setWhitelist = (on: boolean, stepUp?: string) =>
  call(whitelistSet, { on: on ? '1' : '0', ...(stepUp ? { step_up: stepUp } : {}) });
export const passkeyOptions = () => call(passkeyRegisterOptions, {});
export const addPasskey = (name: string, credential: string) => call(passkeyRegister, { name, credential });
/** Errors are shown under the name field by the sheet, not as a toast. */
export const renamePasskey = (id: number, name: string) => call(passkeyRename, { id, name }, { silent: true });
export const removePasskey = (id: number, stepUp: string) => call(passkeyRemove, { id, step_up: stepUp });
