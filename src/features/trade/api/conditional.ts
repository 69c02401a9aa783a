import type { RequestOf, ResponseOf } from '@contract/define';
import { cancelConditional, conditionalList, placeConditional } from '@contract/conditional';
import { call } from '@/lib/http';

export type ConditionalPage = ResponseOf<typeof conditionalList>;

/** Background reads are quiet: on failure the stored copy stays on screen with its time. */
export const fetchConditionals = (data: RequestOf<typeof conditionalList>) =>
  call(conditionalList, data, { silent: true });

/** Places a stop order; its funds are held now. Refusals (trigger reached, balance …) are shown by the HTTP client. */
export const sendConditional = (data: RequestOf<typeof placeConditional>, idempotencyKey: string) =>
  call(placeConditional, data, { idempotencyKey });

export const sendCancelConditional = (id: number, idempotencyKey: string) =>
  call(cancelConditional, { id }, { idempotencyKey });
