import SwaggerParser from '@apidevtools/swagger-parser';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../src/shared/api/registry';
import { CONTRACT_VERSION, PROTOCOL_VERSION_HEADER } from '../../../src/shared/contractVersion';
import { API_DOCS_DIR, STALE_DOCS, withoutTestSwitches } from '../../../scripts/api-docs';
import { buildOpenApi, toOpenApiPath } from '../ops/openapi';
import { startTestServer, type TestServer } from '../testing/harness';

let ex: TestServer;
let staticDir: string;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'exchange-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>OpenEx</title><div id="root"></div>');
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"Built"}');
  writeFileSync(join(staticDir, 'config.json'), '{}');
  ex = await startTestServer({
    env: {
      STATIC_DIR: staticDir,
      SITE_NAME: 'Harbour Exchange',
      SITE_SHORT_NAME: 'Harbour',
      APP_API_BASE: 'http://127.0.0.1:9300',
      APP_SOCKET_URLS: 'ws://127.0.0.1:9301/ws/, wss://gw2.example.com',
      APP_BRAND_NAME: 'Harbour',
      CORS_ORIGINS: 'http://app.example.test:8000',
    },
  });
});
afterAll(async () => {
  await ex?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('[SRV-7] /api/openapi.json', () => {
  it('validates as OpenAPI 3', async () => {
    const r = await ex.get('/api/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(r.body))).resolves.toBeTruthy();
  });

  it('lists every route the server registered, and every endpoint of the shared registry with its schema', async () => {
    const doc = (await ex.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    let apiRoutes = 0;
    for (const [url, methods] of ex.routes) {
      const path = toOpenApiPath(url);
      if (!path) continue; // the static files' wildcard
      for (const m of methods) {
        if (m === 'HEAD') continue;
        if (path.startsWith('/api/')) apiRoutes++;
        expect(doc.paths[path]?.[m.toLowerCase()], `${m} ${path}`).toBeDefined();
      }
    }
    expect(apiRoutes).toBeGreaterThanOrEqual(11);
    for (const e of Object.values(api)) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeDefined();
      expect(JSON.stringify(op.responses['200'])).toContain('"data"');
    }
    expect(doc.paths['/healthz']?.get).toBeDefined();
    expect(doc.paths['/metrics']?.get).toBeDefined();
  });

  it('[CONF-11] [CONF-10] docs/api/openapi.json is the document a production server serves (no test switches)', () => {
    // Compared as data, key order included: the committed file is that document as prettier writes JSON.
    const served = JSON.stringify(buildOpenApi(withoutTestSwitches(ex.routes)));
    const committed = JSON.stringify(JSON.parse(readFileSync(join(API_DOCS_DIR, 'openapi.json'), 'utf8')));
    expect(committed === served, `docs/api/openapi.json ${STALE_DOCS}`).toBe(true);
  });

  it('[CONF-12] every /api reply announces the contract version in X-Protocol-Version', async () => {
    for (const path of ['/api/openapi.json', '/api/no-such-call']) {
      const r = await ex.get(path);
      expect(r.headers.get(PROTOCOL_VERSION_HEADER), path).toBe(CONTRACT_VERSION);
    }
    expect((await ex.get('/healthz')).headers.get(PROTOCOL_VERSION_HEADER)).toBeNull();
  });
});

describe('[OPS-1][OPS-2] operations', () => {
  it('/healthz answers ok with uptime and db', async () => {
    const r = await ex.get('/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', db: 'ok' });
    expect(typeof r.body.uptime).toBe('number');
  });

  it('/metrics is Prometheus text with the required names, requests labelled by route pattern', async () => {
    await ex.get('/api/market/ticker?symbol=btcusdt');
    await ex.get('/api/nope/123');
    const r = await ex.get('/metrics');
    expect(r.headers.get('content-type')).toContain('text/plain');
    const text = String(r.body);
    for (const name of [
      'exchange_ws_connections',
      'exchange_ws_subscriptions',
      'exchange_ws_frames_sent_total',
      'exchange_ws_bytes_sent_total',
      'exchange_ws_frames_rejected_total',
      'exchange_http_requests_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/exchange_http_requests_total\{route="\/api\/market\/ticker",status="200"\} \d+/);
    expect(text).not.toContain('symbol=btcusdt');
    expect(text).not.toContain('/api/nope/123');
  });
});

describe('[h1] the built SPA', () => {
  it('serves index.html for app pages that accept HTML, with no-cache', async () => {
    const r = await ex.get('/trade', { accept: 'text/html,application/xhtml+xml' });
    expect(r.status).toBe(200);
    expect(String(r.body)).toContain('<title>OpenEx</title>');
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('content-security-policy')).toContain("worker-src 'self' blob:");
  });

  it("[PERF-20][PERF-22] /manifest.webmanifest carries the operator's site name; the CSP allows the manifest and the service worker", async () => {
    const r = await ex.get('/manifest.webmanifest');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/manifest+json');
    const m = typeof r.body === 'string' ? JSON.parse(r.body) : r.body;
    expect(m).toMatchObject({ name: 'Harbour Exchange', short_name: 'Harbour', display: 'standalone', start_url: '/' });
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toMatch(/worker-src 'self'/);
  });

  it('serves /assets/* with a long immutable cache', async () => {
    const r = await ex.get('/assets/app-1234.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toContain('immutable');
  });

  it('[SRV-3] never answers /api with HTML, even to a browser', async () => {
    const r = await ex.get('/api/unknown/thing', { accept: 'text/html' });
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.body).toEqual({ code: 0, msg: 'No such API: GET /api/unknown/thing', data: null });
  });

  it('a missing file is a JSON 404, not the app page', async () => {
    const r = await ex.get('/assets/missing.js', { accept: 'text/html' });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(0);
  });
});

describe('hosting the app elsewhere', () => {
  const APP = 'http://app.example.test:8000';

  it("[DEPLOY-5] /config.json is the server's own (APP_*), not the build's file, revalidated on every load", async () => {
    const r = await ex.get('/config.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    const body = typeof r.body === 'string' ? JSON.parse(r.body) : r.body;
    expect(body).toEqual({
      apiBase: 'http://127.0.0.1:9300',
      socketUrls: ['ws://127.0.0.1:9301/ws/', 'wss://gw2.example.com'],
      brandName: 'Harbour',
      socketTickets: false,
    });
  });

  it('[DEPLOY-6] connect-src names the origins config.json points at', async () => {
    const csp = (await ex.get('/config.json')).headers.get('content-security-policy') ?? '';
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1].split(' ') ?? [];
    expect(connect).toEqual(
      expect.arrayContaining(["'self'", 'http://127.0.0.1:9300', 'ws://127.0.0.1:9301', 'wss://gw2.example.com']),
    );
  });

  it('[DEPLOY-7] a listed origin gets its preflight and its replies; another origin gets no CORS header, never *', async () => {
    const options = async (origin: string) => {
      const r = await ex.app.inject({
        method: 'OPTIONS',
        url: '/api/user/info',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'satoken, idempotency-key, lang, language, content-type',
        },
      });
      return { status: r.statusCode, headers: new Headers(r.headers as Record<string, string>) };
    };
    const pre = await options(APP);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(APP);
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    expect(pre.headers.get('vary')).toMatch(/origin/i);
    const allowed = (pre.headers.get('access-control-allow-headers') ?? '').split(', ');
    expect(allowed).toEqual(expect.arrayContaining(['satoken', 'idempotency-key', 'lang', 'language', 'content-type']));
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST');

    const get = await ex.get('/api/common/getAllSetting', { origin: APP });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe(APP);
    expect(get.headers.get('access-control-expose-headers')).toBe('Retry-After, X-Protocol-Version');

    for (const origin of ['http://evil.example.test', 'http://app.example.test:8001', 'null']) {
      const r = await options(origin);
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
      const g = await ex.get('/api/common/getAllSetting', { origin });
      expect(g.headers.get('access-control-allow-origin')).toBeNull();
    }
    // Static files and pages are not part of it.
    expect((await ex.get('/config.json', { origin: APP })).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('[h1] rate limit', () => {
  it('[SAFE-13] answers 429 with the envelope and Retry-After once the budget is spent', async () => {
    const small = await startTestServer({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      for (let i = 0; i < 3; i++) expect((await small.get('/api/common/getCoinList')).status).toBe(200);
      const r = await small.get('/api/common/getCoinList');
      expect(r.status).toBe(429);
      expect(r.body.code).toBe(0);
      expect(r.body.msg).toMatch(/^Too many requests, try again in \d+ s$/);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      // [SAFE-13] with the security headers and no-store, like every reply.
      expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('cache-control')).toBe('no-store');
      // Operations and pages are not limited.
      expect((await small.get('/healthz')).status).toBe(200);
    } finally {
      await small.stop();
    }
  });
});

describe('[PUB-4] what a visitor may call', () => {
  it('[PUB-4] the public market calls answer without a session; every private call refuses one without a token', async () => {
    const ip = '10.77.0.1';
    const open: [string, Record<string, unknown>?][] = [
      ['/api/common/getAllSetting'],
      ['/api/common/getCoinList'],
      ['/api/market/tickers'],
      ['/api/market/ticker', { symbol: 'btcusdt' }],
      ['/api/market/kline', { symbol: 'btcusdt', interval: '15m' }],
      ['/api/market/trades', { symbol: 'btcusdt' }],
      ['/api/market/depth', { symbol: 'btcusdt' }],
      ['/api/contract/marks', { symbol: 'btcusdt' }],
      ['/api/contract/funding', { symbol: 'btcusdt' }],
      ['/api/period/list'],
      ['/api/notice/list'],
    ];
    const byPath = new Map(Object.values(api).map((e) => [e.path, e]));
    for (const [path, query] of open) {
      const e = byPath.get(path);
      expect(e, path).toBeDefined();
      expect(e!.auth, path).toBeFalsy();
      const r = await ex.call(e!, { query, ip });
      expect(r.code, `${path}: ${r.msg}`).toBe(200);
    }
    const refused: string[] = [];
    for (const [key, e] of Object.entries(api)) {
      if (!e.auth) continue;
      const r = await ex.call(e, { ip });
      // Refused either as a session failure (spec 8: code 500, "Token") or, for calls whose inputs are missing, by
      // the input check that runs first; never answered.
      const invalidInput = r.code === 0 && /^Invalid (query|body)/.test(r.msg);
      if (r.code === 200) refused.push(`${key} answered without a session`);
      else if (!invalidInput && (r.code !== 500 || !/token/i.test(r.msg))) refused.push(`${key}: ${r.code} ${r.msg}`);
    }
    expect(refused).toEqual([]);
  });
});
