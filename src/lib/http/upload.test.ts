import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { ApiError, configureHttp, resetHttpConfig, resetRedirects } from '.';
import { uploadFile } from './upload';

/** Just enough of XMLHttpRequest to drive the upload: records what was sent, replays a reply. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  timeout = 0;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  reply(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const fx = { toast: vi.fn(), navigate: vi.fn(), clearSession: vi.fn() };

function setup(token = 'tok') {
  Object.values(fx).forEach((f) => f.mockReset());
  configureHttp({
    baseUrl: '/api',
    createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    getToken: () => token,
    getLang: () => 'kor',
    ...fx,
  });
}

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  resetRedirects();
  resetHttpConfig();
});

describe('uploadFile', () => {
  it('posts multipart with the file, lang and Authorization, reports progress, resolves the reference', async () => {
    setup();
    const progress: number[] = [];
    const file = new File([new Uint8Array([1, 2, 3])], 'voucher.png', { type: 'image/png' });
    const done = uploadFile(file, (f) => progress.push(f));
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/upload?lang=kor');
    expect(xhr.timeout).toBe(60_000);
    expect(xhr.headers.Authorization).toBe('tok');
    expect(xhr.body?.get('lang')).toBe('kor');
    expect((xhr.body?.get('file') as File).name).toBe('voucher.png');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    xhr.reply(200, { type: 'ok', message: 'uploads/abc.png' });
    await expect(done).resolves.toBe('uploads/abc.png');
    expect(progress).toEqual([0.5, 1]);
  });

  it('applies the error catalogue to the reply', async () => {
    setup();
    const done = uploadFile(new Blob(['x']));
    FakeXhr.last.reply(200, { type: 'error', message: 'Only JPEG, PNG or WebP images are accepted' });
    await expect(done).rejects.toMatchObject({ type: 'error' });
    expect(fx.toast).toHaveBeenCalledWith('Only JPEG, PNG or WebP images are accepted');
  });

  it('rejects non-200 and network failures', async () => {
    setup();
    const big = uploadFile(new Blob(['x']));
    FakeXhr.last.reply(413, { type: 'error', message: 'The request is too large' });
    await expect(big).rejects.toMatchObject({ type: 'http', status: 413 });
    const lost = uploadFile(new Blob(['x']));
    FakeXhr.last.onerror?.();
    const error: unknown = await lost.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).type).toBe('network');
  });
});
