import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/bill';
import { BILL_EXPORT_MAX_ROWS, billTypeOf, kindsOfBillType, type BillType } from '@contract/bill';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { records } from '../../statements/records';
import { billsCsv } from './csv';

/** The statement's filters as the wallet's record query takes them. */
const filterOf = (input: {
  type?: BillType | undefined;
  currency?: number | undefined;
  from?: number;
  to?: number;
}) => ({
  currency: input.currency,
  kinds: input.type === undefined ? undefined : kindsOfBillType(input.type),
  from: input.from,
  to: input.to,
});

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

export async function billRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  bindEndpoint(app, contract.billList, (input, h) =>
    records(h.ctx.db, signedIn(h).user.id, { ...filterOf(input), page: input.page, limit: input.limit }),
  );

  bindEndpoint(app, contract.billExport, async (input, h) => {
    const user = signedIn(h).user;
    const page = await records(h.ctx.db, user.id, { ...filterOf(input), page: 1, limit: BILL_EXPORT_MAX_ROWS });
    const now = ctx.now().getTime();
    const oldest = page.data.at(-1);
    const from = input.from ?? (oldest ? Date.parse(oldest.created_at) : now);
    return {
      filename: `bills-${stamp(from)}-${stamp(input.to ?? now)}.csv`,
      csv: await billsCsv(page.data, (r) => billTypeOf(r.kind)),
      rows: page.data.length,
      truncated: page.total > page.data.length,
    };
  });
}
