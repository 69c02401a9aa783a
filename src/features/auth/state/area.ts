import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { DEFAULT_AREA_ISO, findAreaByIso } from '@contract/domain/areas';
import type { Locale } from '@contract/domain/locales';
import { languageAtom } from '@/lib/state';

export interface SelectedArea {
  iso: string;
  /** Dialling code without the plus. */
  dialCode: string;
}

/** The last area chosen on the area picker, kept across visits. */
export const selectedAreaAtom = atomWithStorage<SelectedArea | null>('selectedArea', null, undefined, {
  getOnInit: true,
});

/** Before anything is chosen, the area most readers of the app language are in. */
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

function areaOf(iso: string): SelectedArea {
  const area = findAreaByIso(iso) ?? findAreaByIso(DEFAULT_AREA_ISO);
  return { iso: area?.iso ?? 'HK', dialCode: area?.code ?? '852' };
}

export const areaAtom = atom<SelectedArea>((get) => get(selectedAreaAtom) ?? areaOf(LOCALE_AREAS[get(languageAtom)]));
