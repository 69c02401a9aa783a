/** The product's locale codes (SPEC.md section 1); hk is the default. */
export const LOCALES = ['zh', 'en', 'hk', 'th', 'jp', 'kor', 'fra', 'spa'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'hk';

/** BCP 47 tags for Intl formatting and the html lang attribute. */
export const BCP47: Record<Locale, string> = {
  zh: 'zh-CN',
  en: 'en',
  hk: 'zh-HK',
  th: 'th',
  jp: 'ja',
  kor: 'ko',
  fra: 'fr',
  spa: 'es',
};

/** Each locale's name in its own language, for the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  zh: '简体中文',
  en: 'English',
  hk: '繁體中文',
  th: 'ไทย',
  jp: '日本語',
  kor: '한국어',
  fra: 'Français',
  spa: 'Español',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
