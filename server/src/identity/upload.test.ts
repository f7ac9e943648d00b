import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { MAX_UPLOAD_BYTES, MAX_UPLOADS_PER_DAY } from './endpoints/upload';
import { MSG_TOO_MANY_PIXELS } from './images';
import { jpegWithExif, multipart, pngOfSize, realImage, tinyPng } from './testImages';
import { serverForFile } from '../testing/fixtures';
import { startIdentityServer } from '../testing/harness';

const h = serverForFile({}, () => startIdentityServer());
beforeEach(() => h.reset());

async function upload(token: string | undefined, filename: string, content: Buffer, type = 'image/png') {
  const m = multipart(filename, content, type);
  const res = await h.app.inject({
    method: 'POST',
    url: userApi.uploadOSS.path,
    headers: { 'content-type': m.contentType, ...(token ? { satoken: token } : {}) },
    payload: m.payload,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { code: number; msg: string; data: { url: string } | null };
  if (body.code === 200) expect(userApi.uploadOSS.data.safeParse(body.data).success).toBe(true);
  return body;
}

const fetchFile = (url: string, token?: string) =>
  h.app.inject({ method: 'GET', url, headers: token ? { satoken: token } : {} });

describe('[spec 7.3 upload/OSS] image uploads', () => {
  it('a real PNG is accepted, stored under DATA_DIR/uploads/<userId>/ and served to its owner as image/png', async () => {
    const t = await h.signUp('u1@example.com');
    const r = await upload(t, 'me.png', tinyPng());
    expect(r.code).toBe(200);
    const res = await fetchFile(r.data!.url, t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const served = await sharp(res.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', 1, 1]);
    const me = (await h.call(userApi.getInfo, { token: t })).data;
    const row = h.acc.db.prepare('SELECT file FROM uploads WHERE user_id = ?').get(me.id) as { file: string };
    expect(row.file.startsWith(`${me.id}/`)).toBe(true);
    expect(existsSync(join(h.dataDir, 'uploads', row.file))).toBe(true);
  });

  it('the type is sniffed from the content: a .png name with text content is refused', async () => {
    const t = await h.signUp('u2@example.com');
    const r = await upload(t, 'evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(r.code).toBe(0);
    expect(r.msg).toBe('Only PNG, JPEG, WebP or GIF images can be uploaded');
    const html = await upload(t, 'page.html', Buffer.from('<html></html>'), 'text/html');
    expect(html.code).toBe(0);
  });

  it('a real PNG with a .txt name and a text content type is still an image', async () => {
    const t = await h.signUp('u3@example.com');
    const r = await upload(t, 'notes.txt', tinyPng(), 'text/plain');
    expect(r.code).toBe(200);
    expect((await fetchFile(r.data!.url, t)).headers['content-type']).toBe('image/png');
  });

  it('[SAFE-17] real PNG, JPEG and WebP images are accepted and served back decodable in their format; a GIF as PNG', async () => {
    const t = await h.signUp('u4@example.com');
    for (const [format, mime, stored] of [
      ['png', 'image/png', 'png'],
      ['jpeg', 'image/jpeg', 'jpeg'],
      ['webp', 'image/webp', 'webp'],
      ['gif', 'image/png', 'png'],
    ] as const) {
      const r = await upload(t, 'x.bin', await realImage(format), 'application/octet-stream');
      expect(r.code, `${format}: ${r.msg}`).toBe(200);
      const res = await fetchFile(r.data!.url, t);
      expect(res.headers['content-type']).toBe(mime);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const m = await sharp(res.rawPayload).metadata();
      expect([m.format, m.width, m.height]).toEqual([stored, 40, 30]);
    }
  });

  it('[SAFE-17] magic bytes alone are not an image: a JPEG, GIF or WebP header over junk is refused by name', async () => {
    const t = await h.signUp('u10@example.com');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(30)]);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([30, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(30),
    ]);
    for (const [buf, name] of [
      [jpeg, 'JPEG'],
      [gif, 'GIF'],
      [webp, 'WebP'],
    ] as const) {
      const r = await upload(t, 'x.bin', buf, 'application/octet-stream');
      expect(r).toEqual({ code: 0, msg: `The file is not a readable ${name} image`, data: null });
    }
    expect((h.acc.db.prepare('SELECT COUNT(*) AS n FROM uploads').get() as { n: number }).n).toBe(0);
  });

  it('[SAFE-17] a decompression bomb (a small PNG declaring 50000 x 50000) is refused before decoding, nothing stored', async () => {
    const t = await h.signUp('u11@example.com');
    const bomb = tinyPng(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    const r = await upload(t, 'bomb.png', bomb);
    expect(r).toEqual({ code: 0, msg: MSG_TOO_MANY_PIXELS, data: null });
    expect(r.msg).toBe('The image is too large: at most 8000 x 8000 pixels and 40 megapixels');
    expect((h.acc.db.prepare('SELECT COUNT(*) AS n FROM uploads').get() as { n: number }).n).toBe(0);
    expect(existsSync(join(h.dataDir, 'uploads', '1'))).toBe(false);
  });

  it('[SAFE-17] over 8000 pixels a side or 40 megapixels is refused; 8000 x 1 is accepted', async () => {
    const t = await h.signUp('u12@example.com');
    expect((await upload(t, 'wide.png', tinyPng(8001, 1))).msg).toBe(MSG_TOO_MANY_PIXELS);
    expect((await upload(t, 'tall.png', tinyPng(1, 8001))).msg).toBe(MSG_TOO_MANY_PIXELS);
    expect((await upload(t, 'square.png', tinyPng(7000, 7000))).msg).toBe(MSG_TOO_MANY_PIXELS); // 49 MP
    const ok = await upload(t, 'line.png', await realImage('png', 8000, 1));
    expect(ok.code, ok.msg).toBe(200);
  });

  it('[SAFE-17] a polyglot (PNG signature followed by HTML) is refused; HTML after a real PNG is not stored', async () => {
    const t = await h.signUp('u13@example.com');
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const poly = Buffer.concat([tinyPng().subarray(0, 8), html]);
    expect(await upload(t, 'poly.png', poly)).toEqual({
      code: 0,
      msg: 'The file is not a readable PNG image',
      data: null,
    });
    const appended = await upload(t, 'tail.png', Buffer.concat([tinyPng(), html]));
    expect(appended.code).toBe(200);
    const res = await fetchFile(appended.data!.url, t);
    expect(res.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('png');
  });

  it('[SAFE-17] a truncated JPEG is refused', async () => {
    const t = await h.signUp('u14@example.com');
    const jpeg = await realImage('jpeg', 400, 300);
    const r = await upload(t, 'cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(r).toEqual({ code: 0, msg: 'The file is not a readable JPEG image', data: null });
  });

  it('[SAFE-17] a JPEG with EXIF (GPS, copyright) and an ICC profile is stored without any metadata', async () => {
    const t = await h.signUp('u15@example.com');
    const sent = await jpegWithExif();
    const before = await sharp(sent).metadata();
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    const r = await upload(t, 'photo.jpg', sent, 'image/jpeg');
    expect(r.code).toBe(200);
    const row = h.acc.db.prepare('SELECT file FROM uploads').get() as { file: string };
    const stored = readFileSync(join(h.dataDir, 'uploads', row.file));
    expect(stored.includes(Buffer.from('Secret Owner'))).toBe(false);
    const m = await sharp(stored).metadata();
    expect(m.format).toBe('jpeg');
    expect([m.exif, m.icc, m.xmp, m.comments]).toEqual([undefined, undefined, undefined, undefined]);
    expect(Buffer.compare((await fetchFile(r.data!.url, t)).rawPayload, stored)).toBe(0);
  });

  it('[SAFE-30] the uploads folder and each user folder are 0700, each stored file 0600', async () => {
    const t = await h.signUp('u16@example.com');
    const r = await upload(t, 'a.png', tinyPng());
    expect(r.code).toBe(200);
    const row = h.acc.db.prepare('SELECT file FROM uploads').get() as { file: string };
    const root = join(h.dataDir, 'uploads');
    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, row.file.split('/')[0])).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, row.file)).mode & 0o777).toBe(0o600);
  });

  it('exactly 5 MB is accepted; 5 MB + 1 byte is refused with a clear message and nothing is stored', async () => {
    const t = await h.signUp('u5@example.com');
    expect((await upload(t, 'big.png', pngOfSize(MAX_UPLOAD_BYTES))).code).toBe(200);
    const r = await upload(t, 'huge.png', pngOfSize(MAX_UPLOAD_BYTES + 1));
    expect(r.code).toBe(0);
    expect(r.msg).toBe('The image is larger than 5 MB');
    expect((h.acc.db.prepare('SELECT COUNT(*) AS n FROM uploads').get() as { n: number }).n).toBe(1);
  });

  it('an empty upload and a request without a file get clear messages', async () => {
    const t = await h.signUp('u6@example.com');
    expect((await upload(t, 'empty.png', Buffer.alloc(0))).msg).toBe('The image is empty');
    const res = await h.app.inject({
      method: 'POST',
      url: userApi.uploadOSS.path,
      headers: { satoken: t, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.json().code).toBe(0);
    expect(res.json().msg).toMatch(/multipart/);
  });

  it(`at most ${MAX_UPLOADS_PER_DAY} uploads a day per user`, async () => {
    const t = await h.signUp('u9@example.com');
    for (let i = 0; i < MAX_UPLOADS_PER_DAY; i++) expect((await upload(t, `${i}.png`, tinyPng())).code).toBe(200);
    expect((await upload(t, 'more.png', tinyPng())).msg).toBe('Too many uploads today, try again tomorrow');
    h.clock.advance(24 * 3600_000);
    expect((await upload(t, 'next-day.png', tinyPng())).code).toBe(200);
  });

  it('[spec 8] uploading without a valid token is a Token error', async () => {
    const r = await upload(undefined, 'a.png', tinyPng());
    expect(r.code).toBe(500);
    expect(r.msg).toContain('Token');
  });

  it('a file is served only to its owner: others and anonymous callers get "Not found"/Token', async () => {
    const a = await h.signUp('u7@example.com');
    const b = await h.signUp('u8@example.com');
    const { data } = await upload(a, 'a.png', tinyPng());
    const asB = await fetchFile(data!.url, b);
    expect(asB.json()).toEqual({ code: 0, msg: 'Not found', data: null });
    const anon = await fetchFile(data!.url);
    expect(anon.json().code).toBe(500);
    expect((await fetchFile('/api/common/file/doesnotexist123', a)).json().msg).toBe('Not found');
    expect((await fetchFile('/api/common/file/..%2F..%2Fetc%2Fpasswd', a)).json().msg).toBe('Not found');
  });
});
