import { useEffect, type ReactNode } from 'react';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { I18nProvider } from '@lingui/react';
import { appStore, languageAtom } from '@/lib/state';
import { activateLocale, i18n } from '@/lib/i18n';
import { toLocale } from '@contract/domain/locales';
import { antdInUse, applyAntdLocale } from './antd';
import { useRemoveLastScreen } from './useLastScreen';

/**
 * Follows the stored language: activates its catalogs and, once a screen uses antd-mobile, its
 * texts (pages load them before they render, see router.tsx).
 */
function LocaleSync({ children }: { children: ReactNode }) {
  const language = useAtomValue(languageAtom);

  useEffect(() => {
    // Already active (main.tsx activates it before the first render): activating it again would
    // re-render the whole app at once for nothing, right after the first screen.
    if (i18n.locale === toLocale(language)) return;
    activateLocale(language).catch((error: unknown) => console.error(`catalog ${language} could not load`, error));
    if (antdInUse())
      applyAntdLocale(language).catch((error: unknown) =>
        console.warn(`antd-mobile texts ${language} could not load`, error),
      );
  }, [language]);

  return children;
}

export function Providers({ children }: { children: ReactNode }) {
  useRemoveLastScreen();
  return (
    <JotaiProvider store={appStore}>
      <I18nProvider i18n={i18n}>
        <LocaleSync>{children}</LocaleSync>
      </I18nProvider>
    </JotaiProvider>
  );
}
