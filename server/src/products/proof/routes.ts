import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/proof';
import { AppError } from '../../errors';
import { paged } from '../../lib/paging';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { recordRoutes, registerHeadJob } from './record-routes';
import { snapshotById, snapshotPage } from './repo';
import type { ReserveAttestation } from './reserves';
import { createProofService, snapshotView, type ProofService } from './service';
import type { LiabilitySource } from './snapshot';

const DAY_MS = 86_400_000;

export interface ProofOptions {
  /** Products' liabilities outside the ledger accounts (futures profit, coins owed), from wiring.ts. */
  sources: readonly LiabilitySource[];
  /** Production reserves; without one a snapshot's reserves are "not attested". */
  attestation?: ReserveAttestation | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    proof: ProofService;
  }
}

/** The snapshot service of an app and its daily job; wiring.ts hands it to the routes. */
export function startProof(app: FastifyInstance, options: ProofOptions): ProofService {
  const { ctx } = app;
  const service = createProofService({
    db: ctx.db,
    now: ctx.now,
    mode: ctx.config.mode,
    sources: options.sources,
    attestation: options.attestation,
  });
  ctx.scheduler.register({
    // The day's snapshot is taken by the first minute after 00:00 UTC that finds none, so a missed
    // or failed one is taken at the next minute. It runs after the period's transaction (`after`),
    // because the snapshot reads in a repeatable-read transaction of its own.
    name: 'proof.daily',
    every: 'minute',
    catchUp: 'latest',
    run: async () => {},
    after: async (_db, period) => service.daily(Math.floor(period.end.getTime() / DAY_MS)),
  });
  registerHeadJob(app);
  return service;
}

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
