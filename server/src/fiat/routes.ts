import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/market';
import { bindEndpoint } from '../plugins/contract';
import type { FiatSource } from './rates';

export async function fiatRoutes(app: FastifyInstance, opts: { fiat: FiatSource }): Promise<void> {
  bindEndpoint(app, contract.fiatRates, () => opts.fiat.rates());
}
