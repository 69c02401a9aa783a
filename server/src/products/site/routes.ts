import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/site';
import { AppError } from '../../errors';
import { API_VERSION } from '../../plugins/openapi';
import { bindEndpoint } from '../../plugins/contract';
import type { EngineHold } from '../../db/engine-lock';
import { cachedSettings, publicSetting } from './repo';

export interface SiteRoutesOptions {
  database: 'postgres' | 'pglite';
  /** The lock main.ts took; absent when a test harness built the app on its own database. */
  engine?: EngineHold | undefined;
}

export async function siteRoutes(app: FastifyInstance, options: SiteRoutesOptions): Promise<void> {
  const since = options.engine?.since ?? app.ctx.now();
  bindEndpoint(app, contract.health, async (_input, { ctx }) => {
    // A lost lock ends the process (main.ts); until it has, this process answers as unavailable.
    if (options.engine && !(await options.engine.check())) throw new AppError('internal_error', { status: 503 });
    return {
      matching: 'owner' as const,
      lock: options.engine?.lock ?? ('none' as const),
      database: options.database,
      since: since.toISOString(),
      checked_at: ctx.now().toISOString(),
    };
  });

  bindEndpoint(app, contract.getSiteConfig, async (_input, { ctx }) => {
    const values = await cachedSettings(ctx.db, ctx.now().getTime());
    return {
      site_name: values.get('site_name') ?? '',
      site_logo: values.get('site_logo') ?? '',
      agent_name: values.get('agent_name') ?? '',
      support_url: values.get('support_url') ?? '',
      demo: ctx.config.mode === 'demo',
      version: API_VERSION,
    };
  });

  bindEndpoint(app, contract.getSetting, async ({ keyword }, { ctx }) => {
    const value = await publicSetting(ctx.db, keyword);
    if (value === undefined) throw new AppError('setting_not_found', { field: 'keyword' });
    return { keyword, value };
  });
}
