import type { newsIndexPop, newsList } from '@contract/content';
import { call, endpointRef } from '@/lib/http';

/*
 * Home's content calls: schema-free references keep zod out of what home loads (the contract's
 * schemas would bring zod's core with them).
 */
const newsListRef = endpointRef<typeof newsList>('POST', '/news/list');
const popupRef = endpointRef<typeof newsIndexPop>('GET', '/news/index_pop');

const quiet = { silent: true } as const;

/** c_id of `/news/list` (contract/content.ts NEWS_CATEGORY). */
const NEWS = 4;
const BANNERS = 5;

export const fetchHomeBanners = () => call(newsListRef, { c_id: BANNERS, page: 1, limit: 10 }, quiet);
export const fetchHomeHeadline = () => call(newsListRef, { c_id: NEWS, page: 1, limit: 1 }, quiet);
export const fetchPopupNotice = () => call(popupRef, {}, quiet);
