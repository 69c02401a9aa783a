/**
 * The statement as CSV (RFC 4180, UTF-8 with a byte order mark so spreadsheets read it as UTF-8),
 * written by Papa Parse: fields with commas, quotes or line breaks are quoted, quotes doubled.
 * Text that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) is prefixed with `'`; only a plain signed decimal (the amount columns) may start with -.
 */
import type { WalletRecord } from '@contract/wallet';

/** Formula-leading text, except a plain negative decimal. */
export const FORMULA_LEADING = /^(?!-\d+(?:\.\d+)?$)[=+\-@\t\r]/;

export const CSV_COLUMNS = [
  'id',
  'time_utc',
  'type',
  'kind',
  'currency',
  'account',
  'bucket',
  'amount',
  'balance_after',
  'reason',
] as const;

/** Papa Parse loads with the first export, not at every start. */
export async function billsCsv(rows: WalletRecord[], typeOf: (r: WalletRecord) => string): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const data = rows.map((r) => [
    String(r.id),
    r.created_at,
    typeOf(r),
    r.kind,
    r.currency_name,
    r.type,
    r.bucket,
    r.amount,
    r.balance_after,
    r.reason,
  ]);
  return `\uFEFF${Papa.unparse(
    { fields: [...CSV_COLUMNS], data },
    { quotes: false, newline: '\r\n', escapeFormulae: FORMULA_LEADING },
  )}`;
}
