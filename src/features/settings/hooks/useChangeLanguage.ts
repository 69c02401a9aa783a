import { useSetAtom } from 'jotai';
import type { Locale } from '@contract/domain/locales';
import { activateLocale } from '@/lib/i18n';
import { languageAtom } from '@/lib/state';

/** Loads the catalogs first so the app never renders a half-translated frame. */
export function useChangeLanguage() {
  const setLanguage = useSetAtom(languageAtom);
  return async (locale: Locale) => {
    await activateLocale(locale);
    setLanguage(locale);
  };
}
