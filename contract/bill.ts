import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { LEDGER_KIND_BILLS, LEDGER_KINDS, type LedgerKind } from './domain/ledger-kinds';
import { BILL_TYPES, type BillType } from './domain/bill-types';

export { BILL_TYPES, type BillType };
import { epochMs, id, limit, page } from './domain/wire';
import { recordSchema } from './wallet';

/**
 * Bills (SPEC.md setting/bill): the user's full statement, every ledger entry of every account of
 * theirs (the records of `/wallet/legal_log`, same row shape), filtered by type (a group of ledger
 * kinds), currency and a time range, newest first, and exported as CSV.
 */

/** The bill type of a ledger kind, as its declaration names it; an unknown kind is `other`. */
export function billTypeOf(kind: LedgerKind | string): BillType {
  return (LEDGER_KIND_BILLS as Partial<Record<string, BillType>>)[kind] ?? 'other';
}

/** The ledger kinds a bill type covers. */
export const kindsOfBillType = (type: BillType): LedgerKind[] => LEDGER_KINDS.filter((k) => billTypeOf(k) === type);

/** Most rows one CSV export holds (newest first); the reply says when more matched. */
export const BILL_EXPORT_MAX_ROWS = 10_000;

const filters = {
  type: z.enum(BILL_TYPES, { error: 'field_invalid' }).optional(),
  currency: id().optional(),
  /** Epoch ms, inclusive. */
  from: epochMs().optional(),
  /** Epoch ms, exclusive. */
  to: epochMs().optional(),
};

const checkRange = (v: { from?: number | undefined; to?: number | undefined }, ctx: z.RefinementCtx) => {
  if (v.from !== undefined && v.to !== undefined && v.to <= v.from) {
    ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['to'] });
  }
};

export const billList = endpoint({
  method: 'POST',
  path: '/bill/list',
  auth: true,
  summary: "Every ledger entry of the user's accounts, newest first, by type, currency and time",
  tags: ['bill'],
  request: z.object({ ...filters, page: page(), limit: limit() }).superRefine(checkRange),
  response: pagedSchema(recordSchema),
});

export const billExport = endpoint({
  method: 'POST',
  path: '/bill/export',
  auth: true,
  summary: 'The filtered statement as CSV (UTF-8, RFC 4180, formula-leading text neutralised)',
  tags: ['bill'],
  request: z.object(filters).superRefine(checkRange),
  response: z.object({
    filename: z.string(),
    csv: z.string(),
    rows: z.number().int(),
    /** More entries matched than one export holds: narrow the range. */
    truncated: z.boolean(),
  }),
});
