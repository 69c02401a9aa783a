import { describe, expect, it } from 'vitest';
import { classifyReply, fetchClassified } from './classify';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('classifyReply', () => {
  it('takes an ok envelope on a 2xx as sent, with its message', async () => {
    await expect(classifyReply(json({ type: 'ok', message: '/api/upload/a.png' }))).resolves.toEqual({
      result: 'sent',
      message: '/api/upload/a.png',
    });
  });

  it.each(['error', '999', '998', '996', '997'])('takes an error envelope of type %s as refused', async (type) => {
    await expect(classifyReply(json({ type, message: 'Insufficient balance' }))).resolves.toEqual({
      result: 'refused',
      error: 'Insufficient balance',
    });
  });

  it('takes an error envelope on a 4xx (an unknown route) as refused', async () => {
    await expect(classifyReply(json({ type: 'error', message: 'Not found' }, 404))).resolves.toMatchObject({
      result: 'refused',
    });
  });

  it.each([408, 429, 500, 502, 503, 504])('retries HTTP %i, even with an error envelope', async (status) => {
    await expect(classifyReply(json({ type: 'error', message: 'slow down' }, status))).resolves.toEqual({
      result: 'retry',
      error: `HTTP ${status}`,
    });
  });

  it("retries a captive portal's HTML page", async () => {
    const portal = new Response('<!doctype html><title>Sign in to Wi-Fi</title>', {
      status: 200,
      headers: { 'Content-Type': 'text/html' },
    });
    await expect(classifyReply(portal)).resolves.toMatchObject({ result: 'retry' });
  });

  it('retries a 200 with no body or no JSON', async () => {
    await expect(classifyReply(new Response('', { status: 200 }))).resolves.toMatchObject({ result: 'retry' });
    await expect(classifyReply(new Response('OK', { status: 200 }))).resolves.toMatchObject({ result: 'retry' });
  });

  it('retries JSON that is not our envelope', async () => {
    for (const body of [
      {},
      null,
      [],
      { status: 'ok' },
      { type: 'ok' },
      { type: 'error' },
      { type: 'error', message: 3 },
      { type: 'nope', message: 'x' },
    ]) {
      await expect(classifyReply(json(body))).resolves.toMatchObject({ result: 'retry' });
    }
  });

  it('retries an ok envelope that came with a non-2xx status', async () => {
    await expect(classifyReply(json({ type: 'ok', message: {} }, 302))).resolves.toMatchObject({ result: 'retry' });
  });
});

describe('fetchClassified', () => {
  it('retries when the request never got a reply', async () => {
    const offline = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(fetchClassified(offline, '/api/x', {})).resolves.toEqual({
      result: 'retry',
      error: 'TypeError: Failed to fetch',
    });
  });
});
