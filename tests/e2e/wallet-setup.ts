import type { AddressInfo } from 'node:net';
import { listRecharges, reviewRecharge } from '../../contract/admin';
import { userInfo, type User } from '../../contract/auth';
import * as fund from '../../contract/fund';
import { buildIfNeeded, distDir } from '../../scripts/build.mjs';
import { registerUser } from '../../server/src/testing/accounts';
import { createTestApp, type TestApp } from '../../server/src/testing/app';
import { openPgliteFromTemplate } from '../../server/src/testing/template';
import {
  ADDRESSES,
  adminUser,
  call,
  deposit,
  ok,
  PAY_PASSWORD,
  setPayPassword,
  uploadImage,
  verifiedUser,
} from '../../server/src/testing/fund';
import { latestCode } from '../../server/src/testing/mailbox';
import { callConfirmed } from '../../server/src/testing/security';
import type { BrowserContext, Page } from 'playwright-core';
import { skipDemoNotices } from './support/browser';

/**
 * The real server in demo mode serving the built PWA over HTTP, like `startApp`, but keeping the
 * test app so accounts, an administrator and reviews can be prepared through the real endpoints.
 */
export interface WalletServer {
  t: TestApp;
  home: string;
  url: string;
  adminToken: string;
  close(): Promise<void>;
}

export async function startWalletServer(): Promise<WalletServer> {
  await buildIfNeeded();
  const database = await openPgliteFromTemplate();
  await database.migrate();
  const t = await createTestApp(database, { distDir, config: { mode: 'demo' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const admin = await adminUser(t);
  return {
    t,
    url,
    home: `${url}/h5/`,
    adminToken: admin.token,
    async close() {
      await t.close();
      await database.close();
    },
  };
}

export interface Session {
  email: string;
  token: string;
  user: User;
}

/** A new account (demo funds credited at registration). */
export const newUser = (s: WalletServer): Promise<Session> => registerUser(s.t);

/**
 * A level-1 user with a pay password, a bound BTC address and `btc` BTC in the account withdrawals
 * take from (credited through a reviewed recharge).
 */
export async function withdrawReadyUser(s: WalletServer, btc: string): Promise<Session & { payPassword: string }> {
  const u = await verifiedUser(s.t, s.adminToken, 1);
  // Into the account withdrawals take from.
  await deposit(s.t, s.adminToken, u.token, 'BTC', btc, fund.DEFAULT_FUND_ACCOUNT);
  await setPayPassword(s.t, u.token, u.email);
  const qrcode = await uploadImage(s.t, u.token);
  await ok(
    callConfirmed(
      s.t,
      fund.walletSave,
      'add_address',
      { currency: 'BTC', network: 'BTC', name: 'Cold wallet', address: ADDRESSES.BTC, qrcode },
      u,
    ),
  );
  const me = await ok<User>(s.t.call(userInfo, {}, { token: u.token }));
  return { email: u.email, token: u.token, user: me, payPassword: PAY_PASSWORD };
}

/** Starts the browser already signed in as `session`, in English. */
export async function signInBrowser(context: BrowserContext, session: Session): Promise<void> {
  await skipDemoNotices(context);
  await context.addInitScript(
    ([token, user]) => {
      if (localStorage.getItem('token') === null) {
        localStorage.setItem('h5Version', '1');
        localStorage.setItem('lang', JSON.stringify('en'));
        localStorage.setItem('token', JSON.stringify(token));
        localStorage.setItem('user', JSON.stringify(user));
      }
    },
    [session.token, session.user] as const,
  );
}

/** Approves the oldest recharge waiting for review, as the back office does. */
export async function approveRecharges(s: WalletServer): Promise<number> {
  const queue = await ok<{ data: { id: number }[] }>(call(s.t, listRecharges, { limit: 100 }, { token: s.adminToken }));
  for (const r of queue.data)
    await ok(call(s.t, reviewRecharge, { id: r.id, action: 'approve' }, { token: s.adminToken }));
  return queue.data.length;
}

/** Proves the second-factor sheet the screen shows before an action with the emailed code. */
export async function confirmStepUp(s: WalletServer, page: Page, email: string): Promise<void> {
  const sheet = page.getByRole('dialog', { name: 'Confirm it is you' });
  await sheet.waitFor();
  await sheet.getByRole('textbox', { name: 'Code' }).fill(await latestCode(s.t.app.ctx.db, email));
  await sheet.getByTestId('step-up-confirm').click();
}
