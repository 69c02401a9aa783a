import { expect, it } from 'vitest';
import { allEndpoints } from '@contract/index';
import { translate } from '../i18n';
import { createAdmin } from '../admin/create';
import { registerUser } from '../testing/accounts';
import { describeOnOneDatabase } from '../testing/suite';

/**
 * Access is declared in the contract and enforced where an endpoint is bound, so these checks run
 * over the whole contract: a new endpoint is covered the day it is added.
 */

const admins = allEndpoints.filter((e) => e.auth === 'admin');
const staffOnly = allEndpoints.filter((e) => e.auth === 'staff');
const signedIn = allEndpoints.filter((e) => e.auth === true);
const label = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

it('declares every back-office path as an admin endpoint', () => {
  expect(admins.length).toBeGreaterThan(0);
  const adminPaths = allEndpoints.filter((e) => e.path.startsWith('/admin/'));
  expect(adminPaths.filter((e) => e.auth !== 'admin' && e.auth !== 'staff').map(label)).toEqual([]);
});

describeOnOneDatabase('contract access', ({ app }) => {
  it('binds every endpoint of the contract to a route', () => {
    const { app: fastify } = app();
    const unbound = allEndpoints.filter((e) => !fastify.hasRoute({ method: e.method, url: `/api${e.path}` }));
    expect(unbound.map(label)).toEqual([]);
  });

  it('refuses admin endpoints to a user (403, error envelope) and to an anonymous caller (999)', async () => {
    const t = app();
    const { token } = await registerUser(t);
    for (const endpoint of [...admins, ...staffOnly]) {
      const user = await t.call(endpoint, {}, { token, lang: 'en' });
      expect({ endpoint: label(endpoint), status: user.status, body: user.body }).toEqual({
        endpoint: label(endpoint),
        status: 403,
        body: { type: 'error', message: translate('en', 'admin_only') },
      });
      const anonymous = await t.call(endpoint, {}, { lang: 'en' });
      expect({ endpoint: label(endpoint), type: anonymous.body.type }).toEqual({
        endpoint: label(endpoint),
        type: '999',
      });
    }
  });

  it('refuses admin endpoints to a support account (403) and lets it past staff ones', async () => {
    const t = app();
    const { token, email } = await registerUser(t);
    await createAdmin(t.app.ctx.db, email, t.clock.now(), 'support');
    for (const endpoint of admins) {
      const support = await t.call(endpoint, {}, { token, lang: 'en' });
      expect({ endpoint: label(endpoint), status: support.status, body: support.body }).toEqual({
        endpoint: label(endpoint),
        status: 403,
        body: { type: 'error', message: translate('en', 'admin_only') },
      });
    }
    for (const endpoint of staffOnly) {
      // Past access: the reply is the endpoint's own (a result or an input error), never a refusal.
      const support = await t.call(endpoint, {}, { token, lang: 'en' });
      expect({ endpoint: label(endpoint), status: support.status, type: support.body.type }).toEqual({
        endpoint: label(endpoint),
        status: 200,
        type: expect.not.stringMatching(/^999$/) as string,
      });
      expect(support.body.message).not.toBe(translate('en', 'admin_only'));
    }
  });

  it('refuses every signed-in endpoint to an anonymous caller (999) before reading its input', async () => {
    const t = app();
    for (const endpoint of signedIn) {
      const anonymous = await t.call(endpoint, {}, { lang: 'en' });
      expect({ endpoint: label(endpoint), type: anonymous.body.type }).toEqual({
        endpoint: label(endpoint),
        type: '999',
      });
    }
  });
});
