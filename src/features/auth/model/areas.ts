import { BCP47, type Locale } from '@contract/domain/locales';
import { compareIndexKeys, indexKey, nameCollator, stripAccents } from './areaIndex';

/** A country or area as the contract lists it: ISO 3166-1 alpha-2 and dialling code. */
export interface AreaSource {
  iso: string;
  code: string;
}

export interface AreaItem {
  iso: string;
  /** Dialling code without the plus. */
  dialCode: string;
  name: string;
  /** The English name, so a search in English works whatever the app language. */
  englishName: string;
}

export interface AreaGroup {
  index: string;
  items: AreaItem[];
}

function displayNames(bcp47: string): (iso: string) => string {
  try {
    const names = new Intl.DisplayNames([bcp47], { type: 'region' });
    return (iso) => names.of(iso) ?? iso;
  } catch {
    return (iso) => iso;
  }
}

export function localizeAreas(areas: readonly AreaSource[], locale: Locale): AreaItem[] {
  const local = displayNames(BCP47[locale]);
  const english = displayNames('en');
  return areas.map((a) => ({
    iso: a.iso,
    dialCode: a.code.replace(/^\+/, ''),
    name: local(a.iso),
    englishName: english(a.iso),
  }));
}

const fold = (s: string) => stripAccents(s).toLowerCase();

/** Matches the localized or English name, the ISO code, or the dialling code (with or without +). */
export function matchesArea(item: AreaItem, query: string): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  const digits = q.replace(/^\+/, '');
  if (/^\d+$/.test(digits)) return item.dialCode.startsWith(digits);
  return fold(item.name).includes(q) || fold(item.englishName).includes(q) || item.iso.toLowerCase() === q;
}

export function groupAreas(items: readonly AreaItem[], locale: Locale, query = ''): AreaGroup[] {
  const collator = nameCollator(locale, BCP47[locale]);
  const groups = new Map<string, AreaItem[]>();
  for (const item of items) {
    if (!matchesArea(item, query)) continue;
    const key = indexKey(item.name, locale);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => compareIndexKeys(a, b, collator))
    .map(([index, list]) => ({ index, items: list.sort((x, y) => collator.compare(x.name, y.name)) }));
}
