import type { ComponentType } from 'react';
import type { UserRole } from '@contract/define';
import type { SectionMeta } from './section';

export interface SectionModule {
  meta: SectionMeta;
  default: ComponentType;
}

/**
 * Every section file, found by name: a feature adds `sections/<key>.tsx` and the console offers
 * it, with no shared list to edit. Each file is its own chunk, fetched when the console opens
 * (its `meta` names the menu entry), never with the app's first route.
 */
const modules = import.meta.glob<SectionModule>('./sections/*.tsx');

export const GROUP_ORDER: readonly SectionMeta['group'][] = [
  'reviews',
  'users',
  'finance',
  'products',
  'content',
  'service',
  'audit',
];

export interface LoadedSection {
  meta: SectionMeta;
  Component: ComponentType;
}

/** The sections `role` may use, ordered by group then `order`; a section that fails to load is left out. */
export async function loadSections(role: UserRole): Promise<LoadedSection[]> {
  const loaded = await Promise.all(
    Object.entries(modules).map(([file, load]) =>
      load().then(
        (m): LoadedSection | null =>
          m.meta && typeof m.default === 'function' ? { meta: m.meta, Component: m.default } : null,
        (error: unknown) => {
          console.warn(`console section ${file} did not load`, error);
          return null;
        },
      ),
    ),
  );
  return loaded
    .filter((s): s is LoadedSection => s !== null && (s.meta.roles as readonly UserRole[]).includes(role))
    .sort(
      (a, b) =>
        GROUP_ORDER.indexOf(a.meta.group) - GROUP_ORDER.indexOf(b.meta.group) ||
        a.meta.order - b.meta.order ||
        a.meta.key.localeCompare(b.meta.key),
    );
}
