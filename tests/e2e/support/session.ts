import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launch, screenshotOnFailure, skipDemoNotices } from './browser';
import { startApp, type RunningApp } from './app';
import { latestCode } from './mailbox';

/** What registering or logging in returns: the token and the stored user. */
export interface Session {
  token: string;
  user: unknown;
}

export interface ApiCall {
  /** Sent as a form POST (with an idempotency key and `lang=en`); without it the call is a GET. */
  body?: Record<string, string>;
  query?: string;
  token?: string;
}

/** The server's account kinds funds move between (`from_field`/`to_field` of /wallet/change). */
export type AccountField = 'legal' | 'change' | 'lever' | 'micro';

export interface AppInBrowser {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** Calls the API; resolves with the reply's `message`, throws unless its type is `ok`. */
  api<T = unknown>(path: string, call?: ApiCall): Promise<T>;
  /** Registers a new account by e-mail (`<prefix>-…@example.com`) with its mailed code; it holds the demo funds. */
  signUp(prefix: string): Promise<Session>;
  /** Moves `number` of currency `currency_id` out of the legal account. */
  fund(session: Session, currency_id: string, number: string, to_field: AccountField): Promise<void>;
  /** A phone-sized page signed in as `session` in English, opened at the hash route `path`. */
  openSignedIn(session: Session, path: string, name: string): Promise<Page>;
}

/**
 * Starts the app and Chromium before the file's tests and closes both after them. The returned
 * object is usable inside tests (and hooks registered after this call).
 */
export function appInBrowser(): AppInBrowser {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    app = await startApp();
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const running = () => {
    if (!app || !browser) throw new Error('the app is not running (use it inside tests)');
    return { app, browser };
  };

  async function api<T = unknown>(path: string, call: ApiCall = {}): Promise<T> {
    const { body, query, token } = call;
    const res = await fetch(`${running().app.url}/api${path}${query ? `?${query}` : ''}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': randomUUID() } : {}),
        ...(token ? { Authorization: token } : {}),
      },
      body: body ? new URLSearchParams({ ...body, lang: 'en' }) : undefined,
    });
    const reply = (await res.json()) as { type: string; message: T };
    if (reply.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(reply)}`);
    return reply.message;
  }

  async function signUp(prefix: string): Promise<Session> {
    const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
    await api('/sms_mail', { body: { user_string: email, type: 'email', scene: 'register' } });
    const code = await latestCode(running().app.url, email);
    const password = 'correct horse 1';
    return api<Session>('/user/register', {
      body: { user_string: email, code, password, re_password: password, type: 'email' },
    });
  }

  async function fund(session: Session, currency_id: string, number: string, to_field: AccountField) {
    await api('/wallet/change', {
      body: { currency_id, number, from_field: 'legal', to_field },
      token: session.token,
    });
  }

  async function openSignedIn(session: Session, path: string, name: string): Promise<Page> {
    const { app: current, browser: chromium } = running();
    const context = await chromium.newContext(PHONE);
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
    const page = await context.newPage();
    screenshotOnFailure(page, name);
    await page.goto(`${current.home}#${path}`);
    return page;
  }

  return {
    get app() {
      return running().app;
    },
    get browser() {
      return running().browser;
    },
    api,
    signUp,
    fund,
    openSignedIn,
  };
}
