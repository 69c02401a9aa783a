import type { FastifyInstance } from 'fastify';
import * as microtrade from '@contract/seconds';
import type { MicroSeconds } from '@contract/seconds';
import { saveAudited } from '../../admin/live-terms';
import { AppError } from '../../errors';
import { toWire } from '../../ledger/index';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { secondsTerms } from './terms';

/** The console's seconds durations, applied to running settlement at once. */
export function secondsAdminRoutes(app: FastifyInstance): void {
  bindEndpoint(app, microtrade.adminSecondsDurations, () => [...secondsTerms.get()]);

  bindEndpoint(app, microtrade.adminSecondsSave, async (input, h) => {
    const admin = signedIn(h).user;
    const row = {
      seconds: input.seconds,
      status: input.status,
      profit_ratio: toWire(input.profit_ratio),
      min_stake: toWire(input.min_stake),
      max_stake: toWire(input.max_stake),
    };
    const saved = await saveAudited(h.ctx, admin.id, secondsTerms, 'seconds.save', (current): MicroSeconds[] => {
      if (current.some((d) => d.seconds === row.seconds && d.id !== input.id)) {
        throw new AppError('field_invalid', { field: 'seconds' });
      }
      if (input.id === undefined) {
        if (current.length >= microtrade.SECONDS_BOUNDS.maxDurations)
          throw new AppError('field_invalid', { field: 'seconds' });
        const id = Math.max(0, ...current.map((d) => d.id)) + 1;
        return [...current, { id, ...row }].sort((a, b) => a.seconds - b.seconds);
      }
      if (!current.some((d) => d.id === input.id)) throw new AppError('record_not_found', { field: 'id' });
      return current.map((d) => (d.id === input.id ? { id: d.id, ...row } : d)).sort((a, b) => a.seconds - b.seconds);
    });
    return saved;
  });
}
