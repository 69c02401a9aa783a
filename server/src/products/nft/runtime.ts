import type { FastifyInstance } from 'fastify';
import { nftJobs } from './ending';
import { seedDemoCatalogue } from './seed';

/** Auction ends and the other NFT jobs, and demo mode's catalogue. Started by the composition root (server/src/wiring.ts). */
export async function startNft(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  for (const job of nftJobs({ demo: ctx.config.mode === 'demo' })) ctx.scheduler.register(job);
  if (ctx.config.mode === 'demo') await seedDemoCatalogue(ctx.db, ctx.now());
}
