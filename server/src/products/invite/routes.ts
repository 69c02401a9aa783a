import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/invite';
import { toWire } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { CATALOG } from '../../market/catalog';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { maskContact } from './mask';
import { rebatePage, rebateTotals, teamCounts, teamPage } from './repo';

const currencyNames = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));
const currencyName = (id: number) => currencyNames.get(id) ?? String(id);

/** Invite and rebate: the invitation code, the team, rebate records and totals, the hourly payout. */
export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  bindEndpoint(app, contract.inviteInfo, async (_input, h) => {
    const user = signedIn(h).user;
    return { invitation_code: user.invitationCode, team: await teamCounts(h.ctx.db, user.id) };
  });

  bindEndpoint(app, contract.inviteTeam, async (input, h) => {
    const { rows, total } = await teamPage(h.ctx.db, signedIn(h).user.id, input.generation, input);
    return paged(
      rows.map((r) => ({ account: maskContact(r), generation: input.generation, joined_at: r.createdAt.getTime() })),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.rebateRecords, async (input, h) => {
    const { rows, total } = await rebatePage(h.ctx.db, signedIn(h).user.id, input);
    return paged(
      rows.map(({ rebate: r, ...contact }) => ({
        id: r.id,
        currency_id: r.currencyId,
        currency: currencyName(r.currencyId),
        fee: toWire(r.fee),
        rate: toWire(r.rate),
        amount: toWire(r.amount),
        generation: r.generation,
        source: r.source,
        referee: maskContact(contact),
        period_start: r.periodStart.getTime(),
        created_at: r.createdAt.getTime(),
      })),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.rebateTotals, async (_input, h) => {
    const rows = await rebateTotals(h.ctx.db, signedIn(h).user.id);
    return rows.map((r) => ({
      currency_id: r.currencyId,
      currency: currencyName(r.currencyId),
      amount: toWire(r.amount),
    }));
  });
}
