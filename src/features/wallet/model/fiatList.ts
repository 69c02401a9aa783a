import { Decimal } from 'decimal.js';
import { FIAT_CODES } from '@contract/market';

// decimal.js keeps 20 significant digits by default; a large balance in dong needs more.
const Exact = Decimal.clone({ precision: 64 });

function exact(value: string): Decimal | null {
  try {
    const d = new Exact(value);
    return d.isFinite() ? d : null;
  } catch {
    // An unreadable figure is left out of the list (see fiatLines).
    return null;
  }
}

export interface FiatRateRow {
  currency_code: string;
  /** Units of the currency per US dollar (decimal string). */
  rate: string;
}

export interface FiatLine {
  code: string;
  /** The total in this currency (decimal string, exact). */
  total: string;
  /** The currency the overview's headline total is in. */
  chosen: boolean;
}

/**
 * The user's total in every kept fiat currency (SPEC.md section 7), in the spec's order. USDT
 * counts as one US dollar, as the server's own fiat total does. Codes outside the kept list and
 * unreadable rates are left out rather than shown as a wrong figure. Without a rate table the
 * headline total alone is listed, so the list is never empty.
 */
export function fiatLines(
  usdtTotal: string,
  rates: readonly FiatRateRow[] | null | undefined,
  headline: { currency_code: string; total: string },
): FiatLine[] {
  const usdt = exact(usdtTotal);
  const byCode = new Map((rates ?? []).map((r) => [r.currency_code, exact(r.rate)]));
  const lines: FiatLine[] = [];
  for (const code of FIAT_CODES) {
    const chosen = code === headline.currency_code;
    // The headline figure is repeated as the overview shows it, so the two never disagree.
    if (chosen) {
      lines.push({ code, total: headline.total, chosen });
      continue;
    }
    const rate = byCode.get(code);
    if (!rate || !usdt) continue;
    lines.push({ code, total: usdt.times(rate).toString(), chosen });
  }
  if (!lines.some((l) => l.chosen)) {
    lines.unshift({ code: headline.currency_code, total: headline.total, chosen: true });
  }
  return lines;
}
