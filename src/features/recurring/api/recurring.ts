import {
  recurringConfig,
  recurringCreate,
  recurringDelete,
  recurringDetail,
  recurringList,
  recurringPause,
  recurringResume,
} from '@contract/recurring';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export const fetchConfig = () => call(recurringConfig, {}, quiet);
export const fetchPlans = () => call(recurringList, {}, quiet);
export const fetchDetail = (id: number) => call(recurringDetail, { id, page: 1, limit: 100 }, quiet);
export const sendCreate = (body: RequestOf<typeof recurringCreate>, key: string) =>
  call(recurringCreate, body, { idempotencyKey: key });
export const sendPause = (id: number) => call(recurringPause, { id });
export const sendResume = (id: number) => call(recurringResume, { id });
export const sendDelete = (id: number) => call(recurringDelete, { id });
