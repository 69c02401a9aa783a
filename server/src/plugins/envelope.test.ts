import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as auth from '@contract/auth';
import * as site from '@contract/site';
import { endpoint } from '@contract/define';
import { catalogOf, translate } from '../i18n';
import { createTestApp } from '../testing/app';
import { describeOnOneDatabase } from '../testing/suite';
import { describeIssue } from './issues';
import { bindEndpoint } from './contract';

describeOnOneDatabase('reply envelope', ({ app, database }) => {
  it('wraps success as {type: "ok", message}', async () => {
    const res = await app().call(site.getSiteConfig);
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('ok');
    expect(site.siteConfigSchema.parse(res.body.message).version).toBe('0.8.0');
  });

  it('names the missing field in the language of `lang` from the body (en and hk)', async () => {
    const en = await app().call(auth.sendCode, {}, { lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.body).toEqual({ type: 'error', message: 'Account is required' });

    const hk = await app().call(auth.sendCode, {}, { lang: 'hk' });
    expect(hk.body.message).toBe(translate('hk', 'field_required', { field: 'user_string' }));
    expect(hk.body.message).toContain(catalogOf('hk').fields.user_string);
  });

  it('defaults to hk and reads `lang` from the query too', async () => {
    const byDefault = await app().call(auth.sendCode, {});
    expect(byDefault.body.message).toBe(translate('hk', 'field_required', { field: 'user_string' }));

    const res = await app().app.inject({ method: 'POST', url: '/api/sms_mail?lang=en', payload: {} });
    expect(res.json()).toEqual({ type: 'error', message: 'Account is required' });
  });

  it('names the field of the first problem, for rules and wrong types alike', async () => {
    const t = app();
    const short = await t.call(
      auth.register,
      { user_string: 'a@example.com', code: '123456', password: 'short', re_password: 'short' },
      { lang: 'en' },
    );
    expect(short.body).toEqual({ type: 'error', message: 'Password must be longer than 6 characters' });

    const mismatch = await t.call(
      auth.register,
      { user_string: 'a@example.com', code: '123456', password: 'long-enough', re_password: 'other-value' },
      { lang: 'en' },
    );
    expect(mismatch.body).toEqual({ type: 'error', message: 'Two passwords inconsistent' });

    const code = await t.call(
      auth.register,
      { user_string: 'a@example.com', code: '12ab56', password: 'long-enough', re_password: 'long-enough' },
      { lang: 'en' },
    );
    expect(code.body).toEqual({ type: 'error', message: 'Verification code must be exactly 6 digits' });

    const wrongType = await t.call(auth.login, { user_string: 12345, password: 'x' }, { lang: 'en', json: true });
    expect(wrongType.body).toEqual({ type: 'error', message: 'Account is invalid' });

    const badEnum = await t.call(auth.sendCode, { user_string: 'a@example.com', type: 'fax' }, { lang: 'en' });
    expect(badEnum.body).toEqual({ type: 'error', message: 'Type is invalid' });

    const tooLong = await t.call(auth.sendCode, { user_string: 'x'.repeat(300) }, { lang: 'en' });
    expect(tooLong.body).toEqual({ type: 'error', message: 'Account is too long' });
  });

  it('accepts JSON bodies like form bodies', async () => {
    const res = await app().call(auth.sendCode, { user_string: 'not-an-email' }, { lang: 'en', json: true });
    expect(res.body).toEqual({ type: 'error', message: 'Please enter a valid email address' });
  });

  it('answers malformed bodies with a parameter error instead of crashing', async () => {
    const t = app();
    const cases = [
      { 'content-type': 'application/json', payload: '{"user_string": ' },
      { 'content-type': 'application/json', payload: '[1, 2, 3]' },
      { 'content-type': 'application/json', payload: '"just a string"' },
      { 'content-type': 'application/json', payload: '42' },
      { 'content-type': 'text/plain', payload: 'user_string=a@example.com' },
      { 'content-type': 'application/xml', payload: '<a/>' },
      { 'content-type': 'application/json', payload: '{"__proto__": {"x": 1}}' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login?lang=en',
        headers: { 'content-type': c['content-type'] },
        payload: c.payload,
      });
      expect(res.statusCode, c.payload).toBe(200);
      expect(res.json(), c.payload).toEqual({ type: 'error', message: 'Parameter error' });
    }
  });

  it('treats an empty body as a form with no fields', async () => {
    const res = await app().app.inject({ method: 'POST', url: '/api/user/login?lang=en' });
    expect(res.json()).toEqual({ type: 'error', message: 'Account is required' });
  });

  it('answers unknown routes with 404 and the envelope', async () => {
    const res = await app().app.inject({ method: 'GET', url: '/api/nope?lang=en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ type: 'error', message: 'Not found' });
  });

  it('answers server faults with a generic 500 that leaks nothing', async () => {
    const t = app();
    const boom = endpoint({
      method: 'GET',
      path: '/test/boom',
      auth: false,
      summary: 'fails',
      tags: ['test'],
      request: z.object({}),
      response: z.string(),
    });
    bindEndpoint(t.app, boom, () => {
      throw new Error('database password is hunter2');
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom?lang=en' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ type: 'error', message: translate('en', 'internal_error') });
    expect(res.body).not.toContain('hunter2');
  });

  const drift = endpoint({
    method: 'GET',
    path: '/test/drift',
    auth: false,
    summary: 'drifts',
    tags: ['test'],
    request: z.object({}),
    response: z.object({ count: z.number() }),
  });
  const drifting = () => ({ count: 'three' }) as unknown as { count: number };

  it('refuses replies that drift from the contract in tests', async () => {
    const t = app();
    bindEndpoint(t.app, drift, drifting);
    const res = await t.app.inject({ method: 'GET', url: '/api/test/drift' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('three');
  });

  it('sends replies unchecked in demo and production, where the schema check would only cost', async () => {
    const t = await createTestApp(database(), { validateReplies: false });
    try {
      bindEndpoint(t.app, drift, drifting);
      const res = await t.app.inject({ method: 'GET', url: '/api/test/drift' });
      expect(res.json()).toEqual({ type: 'ok', message: { count: 'three' } });
    } finally {
      await t.close();
    }
  });
});

describe('describeIssue', () => {
  it('maps zod built-in issues to catalogue keys and the field', () => {
    expect(describeIssue({ keyword: 'invalid_type', instancePath: '/a', message: 'x' }, {})).toEqual({
      key: 'field_required',
      field: 'a',
    });
    expect(describeIssue({ keyword: 'invalid_type', instancePath: '/a', message: 'x' }, { a: 1 })).toEqual({
      key: 'field_invalid',
      field: 'a',
    });
    expect(describeIssue({ keyword: 'too_big', instancePath: '/a', message: 'x' }, { a: 'x' })).toEqual({
      key: 'field_too_long',
      field: 'a',
    });
    expect(describeIssue({ keyword: 'unrecognized_keys', instancePath: '/', params: { keys: ['zz'] } }, {})).toEqual({
      key: 'field_invalid',
      field: 'zz',
    });
    expect(describeIssue({ keyword: 'invalid_type', instancePath: '/', message: 'x' }, [])).toEqual({
      key: 'parameter_error',
    });
  });
});
