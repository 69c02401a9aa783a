import type { RequestOf } from '@contract/define';
import { projectDetail, projectList, projectOrder, userProjectOrders } from '@contract/ieo';
import { walletDetail } from '@contract/wallet';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export const IEO_PAGE_LIMIT = 10;

export const fetchProjects = (page: number) => call(projectList, { page, limit: IEO_PAGE_LIMIT }, quiet);
export const fetchProject = (id: number) => call(projectDetail, { project_id: id }, quiet);
export const fetchMyOrders = (page: number) => call(userProjectOrders, { page, limit: IEO_PAGE_LIMIT }, quiet);
/** The exchange (change) account's balance of the pay currency: what a subscription is paid from. */
export const fetchPayBalance = (currency: number) => call(walletDetail, { currency, type: 'change' }, quiet);

/** Subscribes; refusals (window, price, limits, balance) are shown by the HTTP client. */
export const sendSubscription = (data: RequestOf<typeof projectOrder>, idempotencyKey: string) =>
  call(projectOrder, data, { idempotencyKey });
