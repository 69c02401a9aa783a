import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import * as site from '@contract/site';
import { translate } from '../i18n';
import type { TestApp } from '../testing/app';
import { registerUser } from '../testing/accounts';
import { multipartBody, type FilePart } from '../testing/multipart';
import { describeEachDatabase, describeOnOneDatabase } from '../testing/suite';

const en = (key: string) => translate('en', key);

const image = (format: 'png' | 'jpeg' | 'webp', width = 32, height = 24) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 186, b: 152 } } })
    .toFormat(format)
    .toBuffer();

let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;
let hugePng: Buffer;
beforeAll(async () => {
  [png, jpeg, webp] = await Promise.all([image('png'), image('jpeg'), image('webp')]);
  // 5000 x 4001 = 20,005,000 pixels: over the budget, yet a small file.
  hugePng = await sharp({ create: { width: 5000, height: 4001, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
});

const filePart = (data: Buffer, overrides: Partial<FilePart> = {}): FilePart => ({
  name: 'file',
  filename: 'picture.png',
  contentType: 'image/png',
  data,
  ...overrides,
});

async function upload(t: TestApp, token: string | undefined, files: FilePart[], query = '?lang=en') {
  const body = multipartBody({ files });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/upload${query}`,
    headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as { type: string; message: string } };
}

describeOnOneDatabase('uploads', ({ app }) => {
  it('accepts PNG, JPEG and WebP, stores them under a server-made name, and serves them to the owner', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const cases: Array<[Buffer, string, string]> = [
      [png, 'image/png', 'png'],
      [jpeg, 'image/jpeg', 'jpg'],
      [webp, 'image/webp', 'webp'],
    ];
    for (const [bytes, mime, ext] of cases) {
      const res = await upload(t, token, [
        filePart(bytes, { filename: '../../evil name.exe', contentType: 'application/octet-stream' }),
      ]);
      expect(res.body.type).toBe('ok');
      expect(res.body.message).toMatch(new RegExp(`^/api/upload/[A-Za-z0-9_-]{22}\\.${ext}$`));
      const served = await t.app.inject({ method: 'GET', url: res.body.message, headers: { authorization: token } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('private, no-store');
      // Stored as encoded again: the same picture, not necessarily the same bytes.
      const meta = await sharp(served.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: ext === 'jpg' ? 'jpeg' : ext,
        width: 32,
        height: 24,
      });
    }
    const stored = await readdir(join(t.config.dataDir, 'uploads'));
    expect(stored).toHaveLength(3);
    expect(stored.some((n) => n.includes('evil'))).toBe(false);
  });

  it('serves an upload to its owner only', async () => {
    const t = app();
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const { body } = await upload(t, owner.token, [filePart(png)]);
    const asOther = await t.app.inject({
      method: 'GET',
      url: `${body.message}?lang=en`,
      headers: { authorization: other.token },
    });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json()).toEqual({ type: 'error', message: en('not_found') });
    const anonymous = await t.app.inject({ method: 'GET', url: body.message });
    expect(anonymous.json().type).toBe('999');
    const traversal = await t.app.inject({
      method: 'GET',
      url: '/api/upload/..%2F..%2Fpglite',
      headers: { authorization: owner.token },
    });
    expect(traversal.statusCode).toBe(404);
  });

  it('requires a session', async () => {
    const t = app();
    const res = await upload(t, undefined, [filePart(png)]);
    expect(res.body).toEqual({ type: '999', message: en('please_login') });
    const garbage = await upload(t, 'garbage', [filePart(png)]);
    expect(garbage.body.type).toBe('999');
  });

  it('refuses a text file named .png with image/png', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const res = await upload(t, token, [filePart(Buffer.from('hello, I am not a picture\n'.repeat(20)))]);
    expect(res.body).toEqual({ type: 'error', message: en('upload_type') });
  });

  it('refuses other image types such as GIF', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await upload(t, token, [filePart(gif, { filename: 'a.gif', contentType: 'image/gif' })]);
    expect(res.body).toEqual({ type: 'error', message: en('upload_type') });
  });

  it('refuses files over 5 MB', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const big = Buffer.concat([png, Buffer.alloc(site.UPLOAD_LIMITS.maxBytes)]);
    const res = await upload(t, token, [filePart(big)]);
    expect(res.body).toEqual({ type: 'error', message: en('upload_too_large') });
  });

  it('refuses images over 20 megapixels', async () => {
    const t = app();
    const { token } = await registerUser(t);
    expect(hugePng.length).toBeLessThan(site.UPLOAD_LIMITS.maxBytes);
    const res = await upload(t, token, [filePart(hugePng)]);
    expect(res.body).toEqual({ type: 'error', message: en('upload_too_many_pixels') });
  });

  it('needs exactly one file in the field `file`', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const none = await upload(t, token, []);
    expect(none.body).toEqual({ type: 'error', message: en('upload_missing') });
    const wrongField = await upload(t, token, [filePart(png, { name: 'picture' })]);
    expect(wrongField.body).toEqual({ type: 'error', message: 'Image is invalid' });
    const two = await upload(t, token, [filePart(png), filePart(jpeg)]);
    expect(two.body).toEqual({ type: 'error', message: 'Image is invalid' });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/upload?lang=en',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'file=abc',
    });
    expect(notMultipart.json()).toEqual({ type: 'error', message: en('upload_missing') });
  });

  it('reads lang from a form field of the multipart body', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const body = multipartBody({ fields: { lang: 'hk' }, files: [filePart(Buffer.from('not an image'))] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...body.headers, authorization: token },
      payload: body.payload,
    });
    expect(res.json()).toEqual({ type: 'error', message: translate('hk', 'upload_type') });
  });

  it('takes multipart bodies on the upload route only: elsewhere they are a parameter error', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const nickname = async () =>
      (await t.app.inject({ url: '/api/user/info', headers: { authorization: token } })).json<{
        message: { nickname: string };
      }>().message.nickname;
    const before = await nickname();
    const body = multipartBody({ fields: { nickname: 'Via a form' }, files: [filePart(png)] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/editNickname?lang=en',
      headers: { ...body.headers, authorization: token },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'error', message: en('parameter_error') });
    expect(await nickname()).toBe(before);
  });

  it('refuses a valid image header followed by junk', async () => {
    const t = app();
    const { token } = await registerUser(t);
    // PNG signature and IHDR chunk (33 bytes) of a real picture, then 4 MB that is no picture.
    const junk = Buffer.concat([png.subarray(0, 33), Buffer.alloc(4 * 1024 * 1024, 0x5a)]);
    const res = await upload(t, token, [filePart(junk)]);
    expect(res.body).toEqual({ type: 'error', message: en('upload_type') });
    // Everything of the JPEG but its last 40 bytes of scan data and the end marker.
    const jpegJunk = Buffer.concat([jpeg.subarray(0, jpeg.length - 40), Buffer.alloc(1024 * 1024, 0x11)]);
    expect((await upload(t, token, [filePart(jpegJunk)])).body).toEqual({ type: 'error', message: en('upload_type') });
  });

  it('stores the pixels only: bytes after the picture and metadata such as GPS are dropped', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 16/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const trailer = Buffer.alloc(512 * 1024, 0x41);
    const res = await upload(t, token, [
      filePart(Buffer.concat([photo, trailer]), { filename: 'p.jpg', contentType: 'image/jpeg' }),
    ]);
    expect(res.body.type).toBe('ok');
    const served = await t.app.inject({ method: 'GET', url: res.body.message, headers: { authorization: token } });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(served.rawPayload.length).toBeLessThan(trailer.length);
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 40, height: 30 });
  });

  it('answers signed-in JSON with Cache-Control: no-store, errors included', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const res = await upload(t, token, [filePart(png)]);
    expect(res.body.type).toBe('ok');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload?lang=en',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=1',
    });
    expect(json.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/upload' });
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const open = await t.app.inject({ method: 'GET', url: '/api/getSiteConfig' });
    expect(open.headers['cache-control']).not.toBe('no-store');
  });
});

describeEachDatabase(
  'upload quota and rate',
  ({ app }) => {
    it('refuses uploads past the per-user hourly rate, until the hour has passed', async () => {
      const t = app();
      const { token } = await registerUser(t);
      const other = await registerUser(t);
      for (let i = 0; i < 3; i++) {
        expect((await upload(t, token, [filePart(png)])).body.type).toBe('ok');
        t.clock.advance(10 * 60_000);
      }
      expect((await upload(t, token, [filePart(png)])).body).toEqual({
        type: 'error',
        message: translate('en', 'upload_rate_limited', { minutes: 30 }),
      });
      expect((await upload(t, other.token, [filePart(png)])).body.type).toBe('ok');
      t.clock.advance(31 * 60_000);
      expect((await upload(t, token, [filePart(png)])).body.type).toBe('ok');
    });

    it('refuses an upload that would take a user past the storage quota, also in parallel', async () => {
      const t = app();
      const { token } = await registerUser(t);
      const noisy = await sharp({
        create: {
          width: 200,
          height: 200,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      const replies = await Promise.all(Array.from({ length: 3 }, () => upload(t, token, [filePart(noisy)])));
      const stored = replies.filter((r) => r.body.type === 'ok');
      expect(stored).toHaveLength(1);
      expect(replies.filter((r) => r.body.type !== 'ok').map((r) => r.body.message)).toEqual([
        translate('en', 'upload_quota_exceeded', { mb: 0.2 }),
        translate('en', 'upload_quota_exceeded', { mb: 0.2 }),
      ]);
      expect((await upload(t, token, [filePart(png)])).body.type).toBe('ok');
    });
  },
  { config: { uploadsPerHour: 3, uploadQuotaBytes: 200 * 1024 } },
);
