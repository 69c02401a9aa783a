import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/market';
import { bindEndpoint } from '../../plugins/contract';
import { createFiatRates } from './rates';

export async function fiatRoutes(app: FastifyInstance, opts: { fetch?: typeof fetch }): Promise<void> {
  const { config, now } = app.ctx;
  const fiat = createFiatRates({
    url: config.fiatSourceUrl,
    now,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    onError: (err) => app.log.warn({ err }, 'fiat rates source unavailable; serving the last or shipped table'),
  });
  bindEndpoint(app, contract.fiatRates, () => fiat.rates());
}
