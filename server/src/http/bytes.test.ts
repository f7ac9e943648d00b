import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketApi } from '../../../src/shared/api/market';
import { precompressDir } from '../../../scripts/precompress';
import { startTestServer, type TestServer } from '../testing/harness';
import { COMPRESS_MIN_BYTES } from './plugins';

let ex: TestServer;
let staticDir: string;
/** A hashed script well above the threshold, compressible. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const v${i} = ${i} * 2;`).join('\n');
const COINS = marketApi.getCoinList.path;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'exchange-bytes-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>OpenEx</title><div id="root"></div>');
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(join(staticDir, 'assets', 'app-1234.js.map'), `{"version":3,"x":"${'a'.repeat(4000)}"}`);
  await precompressDir(staticDir);
  // A manual clock: the market moves only when the test runs its jobs, so the coin lists hold still.
  ex = await startTestServer({ clock: 'manual', env: { STATIC_DIR: staticDir } });
});
afterAll(async () => {
  await ex?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers, body as received (node:http does not decode; fetch would). */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: ex.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(r: Raw): string {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(r.body).toString('utf8');
  if (enc === 'gzip') return gunzipSync(r.body).toString('utf8');
  return r.body.toString('utf8');
}

describe('[PERF-11] static files pre-compressed at build', () => {
  it('[PERF-11] a hashed script is sent as its brotli copy, or its gzip copy when only gzip is accepted, with Vary', async () => {
    const br = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(decoded(br)).toBe(SCRIPT);

    const gz = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(gz)).toBe(SCRIPT);

    const plain = await get('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
  });

  it('[PERF-11][SAFE-16] a source map stays refused whatever the encoding accepted', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const r = await get('/assets/app-1234.js.map', { 'accept-encoding': enc, accept: 'application/json' });
      expect(r.status, enc).toBe(404);
    }
  });
});

describe('[PERF-12] API replies compressed', () => {
  it('[PERF-12] a JSON reply above the threshold is compressed by Accept-Encoding and decodes to the same JSON', async () => {
    const plain = await get(marketApi.tickers.path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const enc of ['br', 'gzip'] as const) {
      const r = await get(marketApi.tickers.path, { 'accept-encoding': enc });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding'], enc).toBe(enc);
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decoded(r))).toEqual(JSON.parse(plain.body.toString('utf8')));
    }
    // Brotli first when both are accepted.
    expect((await get(marketApi.tickers.path, { 'accept-encoding': 'gzip, br' })).headers['content-encoding']).toBe(
      'br',
    );
  });

  it('[PERF-12] a reply under the threshold and the error envelope go as they are', async () => {
    const small = await get(`${marketApi.getMt5Amount.path}?coin=BTC`, { 'accept-encoding': 'br' });
    expect(small.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    const missing = await get('/api/no/such/call', { 'accept-encoding': 'br, gzip' });
    expect(missing.status).toBe(404);
    expect(JSON.parse(decoded(missing))).toMatchObject({ code: expect.any(Number) as number });
  });
});

describe('[PERF-13] getCoinList revalidated by ETag', () => {
  it('[PERF-13] a strong ETag and no-cache; 304 with no body on its own tag; 200 with a new tag after a change', async () => {
    const first = await get(COINS);
    expect(first.status).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get(COINS, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);

    // Compressed, the tag names the coding; sent back, it still matches.
    const br = await get(COINS, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(`${tag.slice(0, -1)}-br"`);
    expect(JSON.parse(decoded(br))).toEqual(JSON.parse(first.body.toString('utf8')));
    expect((await get(COINS, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).status).toBe(
      304,
    );
    expect((await get(COINS, { 'if-none-match': '"other"' })).status).toBe(200);

    // The market moves: new prices, a new tag, and the old one no longer matches.
    ex.clock.advance(60_000);
    ex.ctx.scheduler.runDue(ex.clock.now());
    const later = await get(COINS, { 'if-none-match': tag });
    expect(later.status).toBe(200);
    expect(later.headers.etag).not.toBe(tag);
    expect(later.body.toString('utf8')).not.toBe(first.body.toString('utf8'));
  });

  it('[PERF-13][SAFE-15] other API replies stay no-store without a tag', async () => {
    const r = await get(marketApi.tickers.path);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers.etag).toBeUndefined();
  });
});
