import type { newsIndexPop, newsList } from '@contract/content';
import { call, endpointRef } from '@/lib/http';

/*
 * Home's content calls: schema-free references keep zod out of what home loads (the contract's
 * schemas would bring zod's core with them).
 */
export const newsListRef = endpointRef<typeof newsList>('POST', '/news/list');
export const popupRef = endpointRef<typeof newsIndexPop>('GET', '/news/index_pop');

const quiet = { silent: true } as const;

/** c_id of `/news/list` (contract/content.ts NEWS_CATEGORY). */
export const HOME_NEWS_CATEGORY = { news: 4, banner: 5 } as const;

export const fetchHomeBanners = () => call(newsListRef, { c_id: HOME_NEWS_CATEGORY.banner, page: 1, limit: 10 }, quiet);
export const fetchHomeHeadline = () => call(newsListRef, { c_id: HOME_NEWS_CATEGORY.news, page: 1, limit: 1 }, quiet);
export const fetchPopupNotice = () => call(popupRef, {}, quiet);
