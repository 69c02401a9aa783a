import { AREAS, DEFAULT_AREA_ISO } from '@contract/domain/areas';
import { BCP47, type Locale } from '@contract/domain/locales';

export interface AreaOption {
  iso: string;
  /** Dialling code without the plus. */
  code: string;
  label: string;
}

/** Before the user chooses, the area most readers of the app language are in. */
const LOCALE_AREAS: Record<Locale, string> = {
  zh: 'CN',
  hk: DEFAULT_AREA_ISO,
  en: 'US',
  th: 'TH',
  jp: 'JP',
  kor: 'KR',
  fra: 'FR',
  spa: 'ES',
};

export const defaultAreaIso = (locale: Locale): string => LOCALE_AREAS[locale];

function regionNames(tag: string): (iso: string) => string {
  try {
    const names = new Intl.DisplayNames([tag], { type: 'region' });
    return (iso) => names.of(iso) ?? iso;
  } catch {
    return (iso) => iso;
  }
}

/** Every contract area named in the app language, sorted by that name. */
export function areaOptions(locale: Locale): AreaOption[] {
  const tag = BCP47[locale];
  const name = regionNames(tag);
  const collator = new Intl.Collator(tag);
  return AREAS.map((a) => ({ iso: a.iso, code: a.code, label: `${name(a.iso)} +${a.code}` })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}
