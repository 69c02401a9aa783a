import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';
import type { ConfigProviderProps } from 'antd-mobile';
import type { Locale } from '@contract/domain/locales';

type Container = (Element | DocumentFragment) & { _reactRoot?: Root };

/**
 * antd-mobile renders toasts and dialogs with the legacy ReactDOM.render, which React 19
 * removed; without this they silently render nothing (antd-mobile "React 19 compatibility").
 */
export function installAntdRender(): void {
  unstableSetRender((node, target) => {
    const container = target as Container;
    container._reactRoot ??= createRoot(container);
    const root = container._reactRoot;
    root.render(node);
    return async () => {
      // Unmounting synchronously inside a React render is not allowed; defer one task.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete container._reactRoot;
    };
  });
}

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

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const value = (await antdLocales[locale]()).default;
  loaded.set(locale, value);
  return value;
}

export function loadedAntdLocale(locale: Locale): AntdLocale | undefined {
  return loaded.get(locale);
}
