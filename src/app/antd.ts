import type { ConfigProviderProps } from 'antd-mobile';
import type { Locale } from '@contract/domain/locales';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

/** antd-mobile's built-in texts (Confirm, Cancel, ...), one small chunk per language. */
const antdLocales: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  zh: () => import('antd-mobile/es/locales/zh-CN'),
  en: () => import('antd-mobile/es/locales/en-US'),
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kor: () => import('antd-mobile/es/locales/ko-KR'),
  fra: () => import('antd-mobile/es/locales/fr-FR'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
};

const loaded = new Map<Locale, AntdLocale>();
const listeners = new Set<() => void>();
let inUse = false;

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const value = (await antdLocales[locale]()).default;
  loaded.set(locale, value);
  listeners.forEach((fn) => fn());
  return value;
}

export function loadedAntdLocale(locale: Locale): AntdLocale | undefined {
  return loaded.get(locale);
}

/** Called whenever a language's texts have loaded; returns the unsubscribe function. */
export function onAntdLocaleLoaded(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** Whether a screen that may use antd-mobile's texts or imperative API has been opened. */
export function antdInUse(): boolean {
  return inUse;
}

/**
 * What every page but home needs from antd-mobile before it renders: the React 19 render shim
 * for toasts and dialogs (rc-util and Babel helpers) and the language's texts. Home uses
 * neither, so the first route loads neither. Texts that cannot load (offline before they were
 * cached) leave antd-mobile's defaults rather than failing the page.
 */
export async function prepareAntd(locale: Locale): Promise<void> {
  inUse = true;
  const texts = loadAntdLocale(locale).catch((error: unknown) =>
    console.warn(`antd-mobile texts ${locale} could not load`, error),
  );
  const { installAntdRender } = await import('./antd-render');
  installAntdRender();
  await texts;
}
