import { z } from 'zod';

/**
 * Reply types of SPEC.md section 8. `ok` accepts; `error` is a plain failure shown as a toast;
 * the numeric strings trigger the client behaviours of the error catalogue.
 */
export const REPLY_TYPE = {
  ok: 'ok',
  error: 'error',
  /** Session missing, revoked or expired: clear user and token, go to login after 3 s. */
  sessionInvalid: '999',
  /** Basic real-name verification required: open the real-name page after 1.2 s. */
  realNameRequired: '998',
  /** Advanced real-name verification required: open the real-name page after 1.2 s. */
  advancedRealNameRequired: '996',
  /** A bound email is required: open the add-email page after 1.2 s. */
  emailRequired: '997',
} as const;

export type ReplyType = (typeof REPLY_TYPE)[keyof typeof REPLY_TYPE];

export const failureReplySchema = z.object({
  type: z.enum(['error', '999', '998', '996', '997']),
  message: z.string(),
});
export type FailureReply = z.infer<typeof failureReplySchema>;

export const okReply = <T extends z.ZodType>(message: T) => z.object({ type: z.literal('ok'), message });

/** Paged lists (SPEC.md section 7: default page 1, limit 10). */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    current_page: z.number().int(),
    last_page: z.number().int(),
  });

export const PAGE_DEFAULTS = { page: 1, limit: 10 } as const;
