import type { Messages as LinguiMessages } from '@lingui/core';
import type { Locale } from '@contract/domain/locales';

/**
 * One dynamic import per locale so each catalog becomes its own chunk, fetched only when that
 * language is chosen; none of them is in the first bundle.
 */
export const uiCatalogs: Record<Locale, () => Promise<{ messages: LinguiMessages }>> = {
  zh: () => import('../../locales/zh/messages.po'),
  en: () => import('../../locales/en/messages.po'),
  hk: () => import('../../locales/hk/messages.po'),
  th: () => import('../../locales/th/messages.po'),
  jp: () => import('../../locales/jp/messages.po'),
  kor: () => import('../../locales/kor/messages.po'),
  fra: () => import('../../locales/fra/messages.po'),
  spa: () => import('../../locales/spa/messages.po'),
};
