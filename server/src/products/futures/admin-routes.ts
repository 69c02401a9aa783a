import type { FastifyInstance } from 'fastify';
import * as lever from '@contract/futures';
import { saveAudited } from '../../admin/live-terms';
import { toWire } from '../../ledger/index';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { leverSettings } from '../../positions/terms';

/** The console's futures parameters, applied to the running engine at once. */
export function futuresAdminRoutes(app: FastifyInstance): void {
  bindEndpoint(app, lever.adminLeverSettings, () => leverSettings.get());

  bindEndpoint(app, lever.adminLeverSave, async (input, h) => {
    const admin = signedIn(h).user;
    return saveAudited(h.ctx, admin.id, leverSettings, 'futures.save', () => ({
      multiples: input.multiples,
      fee_rate: toWire(input.fee_rate),
      maintenance_rate: toWire(input.maintenance_rate),
      overnight_rate: toWire(input.overnight_rate),
      min_lots: input.min_lots,
      max_lots: input.max_lots,
    }));
  });
}
