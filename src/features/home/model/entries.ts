import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { pages, type NavTarget } from '@/lib/nav';

export type EntryIcon =
  | 'recharge'
  | 'withdraw'
  | 'stock'
  | 'futures'
  | 'copy'
  | 'financial'
  | 'margin'
  | 'otc'
  | 'coupon'
  | 'bills'
  | 'exchange'
  | 'mining'
  | 'game'
  | 'chat'
  | 'quickBuy'
  | 'defi'
  | 'cloud'
  | 'transfer'
  | 'ieo'
  | 'options'
  | 'borrow';

export interface QuickEntry {
  key: EntryIcon;
  label: MessageDescriptor;
  /** Where the entry leads; absent for features without a screen of their own yet. */
  target?: NavTarget;
}

/** The home quick entries of SPEC.md section 1, in its order. */
export const QUICK_ENTRIES: readonly QuickEntry[] = [
  { key: 'recharge', label: msg`Recharge`, target: { to: pages.fund.select, search: { next: 'receive' } } },
  { key: 'withdraw', label: msg`Withdraw`, target: { to: pages.fund.select, search: { next: 'withdraw' } } },
  { key: 'stock', label: msg`Stock`, target: { to: pages.transaction.index, search: { tab: 'stock' } } },
  { key: 'futures', label: msg`Futures`, target: { to: pages.transaction.contract } },
  { key: 'copy', label: msg`Copy trade`, target: { to: pages.follow.index } },
  { key: 'financial', label: msg`Financial`, target: { to: pages.financial.index } },
  { key: 'margin', label: msg`Margin` },
  { key: 'otc', label: msg`OTC`, target: { to: pages.otc.otc } },
  { key: 'coupon', label: msg`Coupon centre`, target: { to: pages.setting.coupon } },
  { key: 'bills', label: msg`Bills`, target: { to: pages.setting.bill } },
  { key: 'exchange', label: msg`Exchange`, target: { to: pages.fund.transfer } },
  { key: 'mining', label: msg`Mining`, target: { to: pages.lockming.lockming } },
  { key: 'game', label: msg`Mini game`, target: { to: pages.game.game } },
  { key: 'chat', label: msg`Chat room`, target: { to: pages.kefu.index, search: { view: 'chat' } } },
  { key: 'quickBuy', label: msg`Quick buy` },
  { key: 'defi', label: msg`DeFi mining` },
  { key: 'cloud', label: msg`Cloud mining` },
  { key: 'transfer', label: msg`Transfer`, target: { to: pages.fund.fundTransfer } },
  { key: 'ieo', label: msg`IEO`, target: { to: pages.ieo.ieo } },
  { key: 'options', label: msg`Options`, target: { to: pages.transaction.index2 } },
  { key: 'borrow', label: msg`Borrow & repay`, target: { to: pages.common.borrowing } },
];

/** How many entries show before "More"; the rest unfold in place. */
export const COLLAPSED_COUNT = 10;
