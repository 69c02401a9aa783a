import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/proof';
import { AppError } from '../../errors';
import { paged } from '../../lib/paging';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { recordRoutes } from './record-routes';
import { snapshotById, snapshotPage } from './repo';
import { snapshotView, type ProofService } from './service';

export async function proofRoutes(app: FastifyInstance, { service }: { service: ProofService }): Promise<void> {
  const { ctx } = app;

  bindEndpoint(app, contract.proofSnapshots, async (input) => {
    const { rows, total } = await snapshotPage(ctx.db, input);
    return paged(rows.map(snapshotView), total, input);
  });

  bindEndpoint(app, contract.proofSnapshot, async (input) => {
    const row = await snapshotById(ctx.db, input.id);
    if (!row) throw new AppError('record_not_found', { field: 'id' });
    return snapshotView(row);
  });

  bindEndpoint(app, contract.proofMine, (input, h) => service.proofsOf(input.id, signedIn(h).user.id));

  bindEndpoint(app, contract.adminProofSnapshot, async (_input, h) =>
    snapshotView(await service.byStaff(signedIn(h).user.id)),
  );

  await recordRoutes(app);
}
