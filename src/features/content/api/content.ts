import {
  aboutus,
  contactus,
  faq,
  NEWS_CATEGORY,
  newsDetail,
  newsList,
  operationalCompliance,
  type ContentPage,
} from '@contract/content';
import { call } from '@/lib/http';

// Background reads are quiet: on failure the stored copy stays on screen with its time.
const quiet = { silent: true } as const;

export const NEWS_PAGE_LIMIT = 10;

export const fetchNews = (page: number) =>
  call(newsList, { c_id: NEWS_CATEGORY.news, page, limit: NEWS_PAGE_LIMIT }, quiet);
export const fetchArticle = (id: number) => call(newsDetail, { id }, quiet);
export const fetchFaq = () => call(faq, {}, quiet);

const PAGE_ENDPOINTS = { aboutus, contactus, operational_compliance: operationalCompliance } as const;
export const fetchInfoPage = (key: ContentPage) => call(PAGE_ENDPOINTS[key], {}, quiet);
