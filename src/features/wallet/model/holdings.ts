import { Decimal } from 'decimal.js';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ResponseOf } from '@contract/define';
import type { HoldingPartKey, HoldingProduct, walletHoldings } from '@contract/wallet';
import { pages, type GoTo } from '@/lib/nav';
import type { WalletListReply } from './wallet';

// decimal.js keeps 20 significant digits by default; a large total in dong needs more.
const Exact = Decimal.clone({ precision: 64 });

export type HoldingsReply = ResponseOf<typeof walletHoldings>;

/**
 * The overview's total: the four accounts (`/wallet/list`) plus what the products hold outside
 * them (unrealised futures profit, IEO coins to credit, stocks at their market). Principal held
 * in an account is already in the accounts' total and is not counted twice. The fiat figure is
 * converted at the list's rate and kept exact: the display rounds both figures the same way
 * (half-even at the currency's precision), so at a rate of 1 they read alike.
 */
export function assetsTotal(list: WalletListReply, holdings: HoldingsReply | null | undefined) {
  const usdt = new Exact(list.usdt_total).plus(holdings?.usdt_outside_accounts ?? 0);
  const fiat = usdt.times(list.fiat.rate);
  return { usdt: usdt.toFixed(), fiat: fiat.toFixed() };
}

export const PRODUCT_LABELS: Record<HoldingProduct, MessageDescriptor> = {
  futures: msg`Futures`,
  lock: msg`Lock mining`,
  dual: msg`Dual invest`,
  ieo: msg`IEO`,
  stock: msg`Stocks`,
  margin: msg`Margin`,
};

export const PART_LABELS: Record<HoldingPartKey, MessageDescriptor> = {
  balance: msg`Available`,
  margin: msg`Margin held`,
  pnl: msg`Unrealised PnL`,
  principal: msg`Principal locked`,
  invested: msg`Invested`,
  payment: msg`Payment held`,
  to_credit: msg`Awaiting credit`,
  position: msg`Quantity held`,
};

/** Where a product's row leads: its own orders once used, its page to start with otherwise. */
export function productTarget(key: HoldingProduct, used: boolean): GoTo | null {
  switch (key) {
    case 'futures':
      return used ? pages.transaction.contract_order : { to: pages.transaction.index, search: { tab: 'futures' } };
    case 'lock':
      return used ? pages.lockming.order : pages.lockming.lockming;
    case 'dual':
      return used ? pages.invest.mine : pages.invest.invest;
    case 'ieo':
      return used ? pages.ieo.order : pages.ieo.ieo;
    case 'stock':
      return { to: pages.transaction.index, search: { tab: 'stock' } };
    case 'margin':
      return null;
  }
}
