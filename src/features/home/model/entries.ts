import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type EntryIcon =
  | 'recharge' | 'withdraw' | 'stock' | 'futures' | 'copy' | 'financial' | 'margin' | 'otc'
  | 'coupon' | 'bills' | 'exchange' | 'mining' | 'game' | 'chat' | 'quickBuy' | 'defi'
  | 'cloud' | 'transfer' | 'ieo' | 'options' | 'borrow';

export interface QuickEntry {
  key: EntryIcon;
  label: MessageDescriptor;
  /** Where the entry leads; absent for features without a screen of their own yet. */
  to?: string;
  search?: Record<string, string>;
}

/** The home quick entries of SPEC.md section 1, in its order. */
export const QUICK_ENTRIES: readonly QuickEntry[] = [
  { key: 'recharge', label: msg`Recharge`, to: '/pages/fund/select', search: { type: 'recharge' } },
  { key: 'withdraw', label: msg`Withdraw`, to: '/pages/fund/select', search: { type: 'withdraw' } },
  { key: 'stock', label: msg`Stock`, to: '/pages/transaction/index', search: { tab: 'stock' } },
  { key: 'futures', label: msg`Futures`, to: '/pages/transaction/contract' },
  { key: 'copy', label: msg`Copy trade`, to: '/pages/follow/index' },
  { key: 'financial', label: msg`Financial`, to: '/pages/financial/index' },
  { key: 'margin', label: msg`Margin` },
  { key: 'otc', label: msg`OTC`, to: '/pages/otc/otc' },
  { key: 'coupon', label: msg`Coupon centre`, to: '/pages/setting/coupon' },
  { key: 'bills', label: msg`Bills`, to: '/pages/setting/bill' },
  { key: 'exchange', label: msg`Exchange`, to: '/pages/fund/transfer' },
  { key: 'mining', label: msg`Mining`, to: '/pages/lockming/lockming' },
  { key: 'game', label: msg`Mini game`, to: '/pages/game/game' },
  { key: 'chat', label: msg`Chat room` },
  { key: 'quickBuy', label: msg`Quick buy` },
  { key: 'defi', label: msg`DeFi mining` },
  { key: 'cloud', label: msg`Cloud mining` },
  { key: 'transfer', label: msg`Transfer`, to: '/pages/fund/fundTransfer' },
  { key: 'ieo', label: msg`IEO`, to: '/pages/ieo/ieo' },
  { key: 'options', label: msg`Options`, to: '/pages/transaction/index2' },
  { key: 'borrow', label: msg`Borrow & repay`, to: '/pages/common/borrowing' },
];

/** How many entries show before "More"; the rest unfold in place. */
export const COLLAPSED_COUNT = 10;
