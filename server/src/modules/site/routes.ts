import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/site';
import { AppError } from '../../errors';
import { API_VERSION } from '../../plugins/openapi';
import { bindEndpoint } from '../../plugins/contract';
import { cachedSettings, publicSetting } from './repo';

export async function siteRoutes(app: FastifyInstance): Promise<void> {
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
