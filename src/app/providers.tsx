import { useEffect, useState, type ReactNode } from 'react';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { I18nProvider } from '@lingui/react';
import { ConfigProvider } from 'antd-mobile';
import { appStore, languageAtom } from '@/lib/state';
import { activateLocale, i18n } from '@/lib/i18n';
import { loadAntdLocale, loadedAntdLocale } from './antd';

/** Follows the stored language: activates its catalogs and antd-mobile's texts when it changes. */
function LocaleSync({ children }: { children: ReactNode }) {
  const language = useAtomValue(languageAtom);
  const [antdLocale, setAntdLocale] = useState(() => loadedAntdLocale(language));

  useEffect(() => {
    let live = true;
    activateLocale(language).catch((error: unknown) => console.error(`catalog ${language} could not load`, error));
    loadAntdLocale(language).then(
      (locale) => live && setAntdLocale(locale),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);

  return <ConfigProvider locale={antdLocale}>{children}</ConfigProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <I18nProvider i18n={i18n}>
        <LocaleSync>{children}</LocaleSync>
      </I18nProvider>
    </JotaiProvider>
  );
}
