/** Currency ids fixed by SPEC.md section 3; other ids are assigned by the server's catalogue. */
export const CURRENCY_IDS = { BTC: 1, ETH: 2, USDT: 3 } as const;

/** USDT is offered on these networks (default TRC20, SPEC.md section 9). */
export const USDT_NETWORKS = ['ERC20', 'TRC20'] as const;

/** "BTC/USDT" → ["BTC", "USDT"]; also accepts "BTCUSDT"-free forms only with the slash. */
export function splitSymbol(symbol: string): [string, string] | undefined {
  const m = /^([A-Z0-9.]{1,12})\/([A-Z0-9]{2,8})$/.exec(symbol.trim().toUpperCase());
  return m ? [m[1] as string, m[2] as string] : undefined;
}
