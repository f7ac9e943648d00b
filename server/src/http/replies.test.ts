import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnyEnvelope } from '../../../src/shared/api/envelope';
import { assetApi } from '../../../src/shared/api/asset';
import { marketApi } from '../../../src/shared/api/market';
import { userApi } from '../../../src/shared/api/user';
import { metricsRefusal } from '../ops/routes';
import { DEMO } from '../identity/demo';
import { startTestServer, type TestServer } from '../testing/harness';
import { installErrorHandler } from './errors';
import { installNoStore, installSecurityHeaders, securityHeaders, type HeaderSet } from './headers';
import { servedToBrowser } from './plugins';

let ex: TestServer;
let staticDir: string;
let dev: HeaderSet;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'exchange-replies-'));
  mkdirSync(join(staticDir, 'assets'));
  mkdirSync(join(staticDir, '.vite'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>OpenEx</title><div id="root"></div>');
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'assets', 'app-1234.js.map'), '{"version":3}');
  writeFileSync(join(staticDir, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/app-1234.js"}}');
  ex = await startTestServer({ env: { STATIC_DIR: staticDir } });
  dev = await securityHeaders({ production: false, hstsMaxAge: 15_552_000 });
});
afterAll(async () => {
  await ex?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

interface RawReply {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends `text` as it is on a new connection and reads until the server closes it (or the reply is whole). */
function raw(port: number, text: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      const all = Buffer.concat(chunks).toString('latin1');
      const end = all.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no reply: ${JSON.stringify(all)}`));
      const [statusLine, ...lines] = all.slice(0, end).split('\r\n');
      const headers = new Map<string, string>();
      for (const l of lines) {
        const i = l.indexOf(':');
        headers.set(l.slice(0, i).trim().toLowerCase(), l.slice(i + 1).trim());
      }
      const body = all.slice(end + 4);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    };
    sock.on('data', (c) => {
      chunks.push(c);
      const all = Buffer.concat(chunks).toString('latin1');
      const end = all.indexOf('\r\n\r\n');
      const len = /\r\ncontent-length: *(\d+)/i.exec(all.slice(0, end))?.[1];
      if (end >= 0 && len !== undefined && Buffer.byteLength(all.slice(end + 4), 'latin1') >= Number(len)) {
        sock.destroy();
        done();
      }
    });
    sock.on('close', () => {
      if (!sock.destroyed || chunks.length) done();
    });
    sock.on('error', (err) => {
      // The server may reset while we still send a header it already refused: the reply came first.
      if (chunks.length) done();
      else reject(err);
    });
    sock.write(text);
  });
}

function get(headers: Headers | Map<string, string>, name: string): string | null | undefined {
  return headers.get(name);
}

/** Every header of the set, with its value. */
function expectSecurityHeaders(headers: Headers | Map<string, string>, set: HeaderSet = dev): void {
  for (const [k, v] of Object.entries(set)) expect(get(headers, k), k).toBe(v);
}

function expectEnvelope(body: unknown, msg?: RegExp): void {
  const env = AnyEnvelope.parse(typeof body === 'string' ? JSON.parse(body) : body);
  expect(env.code).toBe(0);
  expect(env.data).toBeNull();
  if (msg) expect(env.msg).toMatch(msg);
}

describe('[SAFE-13] the one header set', () => {
  it('[SAFE-13] has the helmet headers: CSP, nosniff, frame options, referrer policy...', () => {
    expect(dev['content-security-policy']).toContain("default-src 'self'");
    expect(dev['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(dev['x-content-type-options']).toBe('nosniff');
    expect(dev['x-frame-options']).toBe('SAMEORIGIN');
    expect(dev['referrer-policy']).toBe('no-referrer');
    expect(dev['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('[SAFE-12] HSTS', () => {
  it('[SAFE-12] production: max-age from HSTS_MAX_AGE with includeSubDomains; 0 = off; never outside production', async () => {
    const prod = await securityHeaders({ production: true, hstsMaxAge: 600 });
    expect(prod['strict-transport-security']).toBe('max-age=600; includeSubDomains');
    expect((await securityHeaders({ production: true, hstsMaxAge: 0 }))['strict-transport-security']).toBeUndefined();
    expect(dev['strict-transport-security']).toBeUndefined();
    // Outside production a live reply has none either: plain http on localhost keeps working.
    const r = await ex.get('/api/common/getCoinList');
    expect(r.headers.get('strict-transport-security')).toBeNull();
  });

  it('[SAFE-12][SAFE-13] a production server sends it on every reply: routed, 404, malformed URL, 431', async () => {
    const prod = await startTestServer({ env: { NODE_ENV: 'production', HSTS_MAX_AGE: '600' } });
    try {
      const set = await securityHeaders({ production: true, hstsMaxAge: 600 });
      const ok = await prod.get('/api/common/getCoinList');
      expect(ok.status).toBe(200);
      expect(ok.headers.get('strict-transport-security')).toBe('max-age=600; includeSubDomains');
      expectSecurityHeaders(ok.headers, set);
      expectSecurityHeaders((await prod.get('/api/nope')).headers, set);
      expectSecurityHeaders((await raw(prod.port, 'GET /api/% HTTP/1.1\r\nHost: x\r\n\r\n')).headers, set);
      const big = `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
      expectSecurityHeaders((await raw(prod.port, big)).headers, set);
    } finally {
      await prod.stop();
    }
  });
});

describe('[SAFE-13] every reply is the envelope with the security headers', () => {
  it('[SAFE-13] 200 and 404', async () => {
    const ok = await ex.get('/api/common/getCoinList');
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok.headers);
    const nf = await ex.get('/api/no/such/thing');
    expect(nf.status).toBe(404);
    expectEnvelope(nf.body, /^No such API: GET \/api\/no\/such\/thing$/);
    expectSecurityHeaders(nf.headers);
  });

  it('[SAFE-13] 400 for a malformed URL (/api/%, /api/%zz, /%c0)', async () => {
    for (const path of ['/api/%', '/api/%zz', '/api/common/%c0', '/%']) {
      const r = await raw(ex.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      expect(r.status, path).toBe(400);
      expect(r.headers.get('content-type'), path).toContain('application/json');
      expectEnvelope(r.body, /URL is malformed/);
      expectSecurityHeaders(r.headers);
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('[SAFE-13] a body over the limit (413 from the parser) is the envelope with its message, at HTTP 200 so the app shows it', async () => {
    const r = await ex.post('/api/common/getMt5Amount?coin=BTC', { pad: 'x'.repeat(1_100_000) });
    expect(r.status).toBe(200);
    expectEnvelope(r.body, /^The request body is too large$/);
    expectSecurityHeaders(r.headers);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('[SAFE-13] 431 for headers over 16 KB, written by the clientError handler, then the connection closes', async () => {
    const r = await raw(
      ex.port,
      `GET /api/common/getCoinList HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(r.status).toBe(431);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.headers.get('connection')).toBe('close');
    expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(r.body));
    expectEnvelope(r.body, /^The request headers are too large$/);
    expectSecurityHeaders(r.headers);
  });

  it('[SAFE-13] 400 for a request that is not HTTP', async () => {
    const r = await raw(ex.port, 'HELLO THERE\r\n\r\n');
    expect(r.status).toBe(400);
    expectEnvelope(r.body, /^The request is not valid HTTP$/);
    expectSecurityHeaders(r.headers);
    // The server is still up.
    expect((await ex.get('/healthz')).status).toBe(200);
  });

  it('[SAFE-13] 405 for a known path with another method', async () => {
    const r = await ex.post('/api/common/getCoinList', {});
    expect(r.status).toBe(405);
    expectEnvelope(r.body, /^Method POST not allowed/);
    expectSecurityHeaders(r.headers);
  });

  it('[SAFE-13] 500: the same error handler and header hook answer an unexpected failure in the envelope', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    installSecurityHeaders(app, dev);
    installNoStore(app);
    app.get('/api/boom', async () => {
      throw new Error('boom');
    });
    const r = await app.inject({ method: 'GET', url: '/api/boom' });
    await app.close();
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ code: 0, msg: 'Internal server error', data: null });
    for (const [k, v] of Object.entries(dev)) expect(r.headers[k], k).toBe(v);
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('[SAFE-13] the socket endpoint without an upgrade (426) has them too', async () => {
    const ws = await ex.get('/ws/abc');
    expect(ws.status).toBe(426);
    expectEnvelope(ws.body);
    expectSecurityHeaders(ws.headers);
  });
});

describe('[SAFE-14] /metrics', () => {
  /** /metrics from a far client that claims, in X-Forwarded-For, to be loopback. */
  const forgedLoopback = (s: Pick<typeof ex, 'app'>) =>
    s.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });

  it('[SAFE-14] without METRICS_TOKEN: served to a loopback client, 403 envelope to any other, X-Forwarded-For ignored', async () => {
    expect((await ex.get('/metrics')).status).toBe(200);
    const far = await ex.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(far.statusCode).toBe(403);
    expectEnvelope(far.json(), /this machine only/);
    expect(far.body).not.toContain('exchange_');
    expect((await forgedLoopback(ex)).statusCode).toBe(403);
  });

  it('[SAFE-14] loopback in every spelling; a trusted proxy still cannot claim to be loopback', async () => {
    for (const a of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'])
      expect(metricsRefusal(undefined, undefined, a), a).toBeUndefined();
    for (const a of ['10.0.0.1', '::ffff:10.0.0.1', '192.168.1.1', '::', undefined])
      expect(metricsRefusal(undefined, undefined, a)?.status, String(a)).toBe(403);
    const proxied = await startTestServer({ env: { TRUST_PROXY: '1' } });
    try {
      expect((await forgedLoopback(proxied)).statusCode).toBe(403);
    } finally {
      await proxied.stop();
    }
  });

  it('[SAFE-14] with METRICS_TOKEN: only the bearer token, loopback included; 401 envelope otherwise', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const t = await startTestServer({ env: { METRICS_TOKEN: token } });
    try {
      const none = await t.get('/metrics');
      expect(none.status).toBe(401);
      expectEnvelope(none.body, /Bearer/);
      expect(none.headers.get('www-authenticate')).toContain('Bearer');
      expectSecurityHeaders(none.headers);
      expect((await t.get('/metrics', { authorization: `Bearer ${token}x` })).status).toBe(401);
      expect((await t.get('/metrics', { authorization: `Bearer ${token.slice(1)}` })).status).toBe(401);
      expect((await t.get('/metrics', { authorization: token })).status).toBe(401);
      const ok = await t.get('/metrics', { authorization: `Bearer ${token}` });
      expect(ok.status).toBe(200);
      expect(String(ok.body)).toContain('# TYPE exchange_http_requests_total ');
      const far = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '10.1.2.3',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(far.statusCode).toBe(200);
    } finally {
      await t.stop();
    }
  });
});

describe('[SAFE-15] Cache-Control: no-store', () => {
  it('[SAFE-15] sign-in, profile and balances replies (tokens and user data) are no-store', async () => {
    const login = await ex.post(userApi.login.path, { account: DEMO.account, password: DEMO.password });
    expect(login.body.code).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const token = login.body.data.satoken as string;
    for (const path of [userApi.getInfo.path, assetApi.assetBalance.path]) {
      const r = await ex.get(path, { satoken: token });
      expect(r.body.code, path).toBe(200);
      expect(r.headers.get('cache-control'), path).toBe('no-store');
    }
    const failed = await ex.post(userApi.login.path, { account: DEMO.account, password: 'wrong-password-1' });
    expect(failed.body.code).toBe(0);
    expect(failed.headers.get('cache-control')).toBe('no-store');
  });

  it('[SAFE-15][PERF-13] every /api route of the running server answers no-store (the coin lists no-cache), signed in or not, success or error', async () => {
    const login = await ex.post(userApi.login.path, { account: DEMO.account, password: DEMO.password });
    const token = login.body.data.satoken as string;
    // Calls that end the session go last, so every other call is made signed in.
    const ending = (url: string) => url === userApi.loginOut.path || url.startsWith('/api/_test/');
    const urls = [...ex.routes.keys()].filter((u) => u.startsWith('/api/') && !u.includes('*'));
    urls.sort((a, b) => Number(ending(a)) - Number(ending(b)));
    let checked = 0;
    let signedIn = 0;
    for (const url of urls) {
      const path = url.replace(/:[^/]+/g, 'x');
      for (const method of ex.routes.get(url) ?? []) {
        if (method !== 'GET' && method !== 'POST') continue;
        for (const headers of [{ satoken: token }, {}]) {
          const r = await ex.app.inject({
            method,
            url: path,
            headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
            payload: method === 'POST' ? '{}' : undefined,
          });
          // PERF-13: the public coin lists alone are revalidated (no-cache with an ETag); they hold no user data.
          const revalidated = method === 'GET' && url === marketApi.getCoinList.path;
          expect(r.headers['cache-control'], `${method} ${url}`).toBe(revalidated ? 'no-cache' : 'no-store');
          checked++;
          const env = AnyEnvelope.safeParse(r.json());
          if ('satoken' in headers && env.success && env.data.code === 200 && !ending(url)) signedIn++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    // Signed-in replies with user data were among them (lists, balances, profile...).
    expect(signedIn).toBeGreaterThan(40);
  });

  it('[SAFE-15] error replies outside /api are no-store; the app page and hashed assets keep their own caching', async () => {
    expect((await ex.get('/assets/missing.js')).headers.get('cache-control')).toBe('no-store');
    expect((await ex.get('/trade', { accept: 'text/html' })).headers.get('cache-control')).toBe('no-cache');
    expect((await ex.get('/assets/app-1234.js')).headers.get('cache-control')).toContain('immutable');
  });
});

describe('[SAFE-16] build files not meant for the browser', () => {
  it('[SAFE-16] the manifest and source maps answer the 404 envelope, however the path is written', async () => {
    for (const path of [
      '/.vite/manifest.json',
      '/%2evite/manifest.json',
      '/.vite/',
      '/assets/../.vite/manifest.json',
      '/assets/app-1234.js.map',
    ]) {
      const r = await ex.get(path);
      expect(r.status, path).toBe(404);
      expectEnvelope(r.body);
      expectSecurityHeaders(r.headers);
    }
    const page = await ex.get('/.vite/manifest.json', { accept: 'text/html' });
    expect(page.status).toBe(404);
    expect((await ex.get('/assets/app-1234.js')).status).toBe(200);
  });

  it('[SAFE-16] dot-named segments and source maps are refused by the static folder', () => {
    expect(servedToBrowser('/index.html')).toBe(true);
    expect(servedToBrowser('/assets/app-1234.js')).toBe(true);
    for (const p of ['/.vite/manifest.json', '/.env', '/assets/.git/config', '/assets/a.js.map', '/a.MAP', '/%zz'])
      expect(servedToBrowser(p), p).toBe(false);
  });
});
