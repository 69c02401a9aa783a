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

let inUse = false;
/** The language most recently asked for: a slower load of an earlier choice must not win. */
let wanted: Locale | undefined;

/**
 * Makes `locale` antd-mobile's language. Its texts are set as antd-mobile's default configuration
 * rather than through a `ConfigProvider` around the app, so home (which shows no antd-mobile text)
 * loads neither the provider nor its built-in Chinese default. Components read the default when
 * they render, so an open page picks a switched language up on its next render.
 */
export async function applyAntdLocale(locale: Locale): Promise<void> {
  wanted = locale;
  const [texts, { getDefaultConfig, setDefaultConfig }] = await Promise.all([
    antdLocales[locale](),
    import('antd-mobile/es/components/config-provider'),
  ]);
  if (wanted === locale) setDefaultConfig({ ...getDefaultConfig(), locale: texts.default });
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
  const texts = applyAntdLocale(locale).catch((error: unknown) =>
    console.warn(`antd-mobile texts ${locale} could not load`, error),
  );
  const { installAntdRender } = await import('./antd-render');
  installAntdRender();
  await texts;
}
