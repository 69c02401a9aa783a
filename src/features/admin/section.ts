import type { MessageDescriptor } from '@lingui/core';
import type { UserRole } from '@contract/define';

/**
 * One section of the back-office console. Each section is a file `src/features/admin/sections/<key>.tsx`
 * that exports `meta` (this shape) and a default component; the console finds them by file, so a
 * feature adds its section without editing a shared list.
 */
export interface SectionMeta {
  /** Address inside the console: `#/admin/<key>`; the file name without `.tsx`. */
  key: string;
  title: MessageDescriptor;
  /** Group in the console's side menu. */
  group: 'reviews' | 'users' | 'content' | 'products' | 'service' | 'finance' | 'audit';
  /** Roles that see the section. Sections that change products or balances are `['admin']`. */
  roles: readonly Exclude<UserRole, 'user'>[];
  /** Order within its group, smallest first. */
  order: number;
}
