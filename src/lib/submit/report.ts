import { t } from '@lingui/core/macro';
import { ApiError } from '../http';
import { toast } from '../toast';

/**
 * The one place a failure nobody expected is reported: logged with its stack for whoever
 * debugs, and a short message for the user, so it is never silently lost.
 */
export function reportUnexpected(error: unknown, context: string): void {
  console.error(`[${context}]`, error);
  toast(t`Request failed`);
}

/**
 * For `.catch()` on work whose API failures the HTTP client has already shown (or deliberately
 * kept quiet): those end here; anything else is a bug and is reported.
 */
export function apiErrorsShown(context: string) {
  return (error: unknown): undefined => {
    if (error instanceof ApiError) console.debug(`[${context}]`, error.type, error.message);
    else reportUnexpected(error, context);
    return undefined;
  };
}
