import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { pages, type RoutePath } from './paths';

export type TabKey = 'home' | 'market' | 'trade' | 'finance' | 'assets';

/** The bottom tab bar, in order (SPEC.md section 2, tab table). */
export const TABS: readonly { key: TabKey; path: RoutePath; title: MessageDescriptor }[] = [
  { key: 'home', path: pages.home, title: msg`Home` },
  { key: 'market', path: pages.market.market, title: msg`Market` },
  { key: 'trade', path: pages.transaction.index, title: msg`Trade` },
  { key: 'finance', path: pages.financial.index, title: msg`Finance` },
  { key: 'assets', path: pages.fund.assets, title: msg`Assets` },
];
