import type { ResponseOf } from '@contract/define';
import type { walletList } from '@contract/wallet';
import type { AccountName } from './accounts';

export type WalletListReply = ResponseOf<typeof walletList>;

export interface HoldingRow {
  currencyId: number;
  currency: string;
  available: string;
  held: string;
  /** Valuation in USDT (taken as one US dollar for the fiat display). */
  usdt: string;
}

export interface AccountSummary {
  name: AccountName;
  usdtTotal: string;
  holdings: HoldingRow[];
}

const FIELD = {
  legal: 'legal_wallet',
  change: 'change_wallet',
  lever: 'lever_wallet',
  micro: 'micro_wallet',
} as const satisfies Record<AccountName, keyof WalletListReply>;

/** One account of the `/wallet/list` reply in the shape the screens use. */
export function accountOf(reply: WalletListReply, name: AccountName): AccountSummary {
  const account = reply[FIELD[name]];
  return {
    name,
    usdtTotal: account.usdt_total,
    holdings: account.balance.map((b) => ({
      currencyId: b.currency,
      currency: b.currency_name,
      available: b.available,
      held: b.held,
      usdt: b.usdt_value,
    })),
  };
}

/** Spendable amount of one currency in one account, "0" when it is not held there. */
export function availableIn(reply: WalletListReply | undefined, name: AccountName, currencyId: number): string {
  if (!reply) return '0';
  return accountOf(reply, name).holdings.find((h) => h.currencyId === currencyId)?.available ?? '0';
}

/** Every currency held in any account, once, in the server's order. */
export function currenciesOf(reply: WalletListReply | undefined): { id: number; name: string }[] {
  if (!reply) return [];
  const seen = new Map<number, string>();
  for (const name of ['legal', 'change', 'lever', 'micro'] as const) {
    for (const h of accountOf(reply, name).holdings) if (!seen.has(h.currencyId)) seen.set(h.currencyId, h.currency);
  }
  return [...seen].map(([id, n]) => ({ id, name: n }));
}
