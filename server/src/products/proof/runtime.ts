import type { FastifyInstance } from 'fastify';
import { publishHead } from '../../settlement-record/index';
import type { ReserveAttestation } from './reserves';
import { createProofService, type ProofService } from './service';
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

/** Publishes the chain's head at the end of every minute (scheduler job `record.head`). */
function registerHeadJob(app: FastifyInstance): void {
  app.ctx.scheduler.register({
    name: 'record.head',
    every: 'minute',
    catchUp: 'latest',
    run: async (tx, period) => publishHead(tx, period.end),
  });
}
