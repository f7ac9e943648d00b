import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig, runtimeConfig, type RuntimeConfigDeps } from './runtimeConfig';
import { connectOriginsOf, parseRuntimeConfig, requestTimeoutOf, socketBasesOf } from '../../shared/runtimeConfig';

function deps(reply: () => Promise<Response>): RuntimeConfigDeps & { warnings: string[] } {
  const warnings: string[] = [];
  return { fetch: () => reply(), warn: (m) => warnings.push(m), url: '/config.json', warnings };
}

const json =
  (body: unknown, status = 200) =>
  async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('config.json [DEPLOY-1]', () => {
  it('[DEPLOY-1] a valid file is taken as it is, without a warning', async () => {
    const d = deps(
      json({
        apiBase: 'https://api.example.com',
        socketUrls: ['wss://gw1.example.com/ws/', 'wss://gw2.example.com/ws/'],
        brandName: 'Acme Exchange',
        brandLogo: '/brand/acme.svg',
        defaultLanguage: 'de',
        supportUrl: 'https://help.example.com',
        downloadUrls: { android: 'https://example.com/acme.apk' },
        somethingNewer: 1,
      }),
    );
    const cfg = await loadRuntimeConfig(d);
    expect(cfg.apiBase).toBe('https://api.example.com');
    expect(cfg.brandName).toBe('Acme Exchange');
    expect(runtimeConfig()).toBe(cfg);
    expect(d.warnings).toEqual([]);
  });

  it('[DEPLOY-1] missing, not JSON, unreachable or invalid: the built-in defaults and exactly one warning', async () => {
    const cases: (() => Promise<Response>)[] = [
      json('not found', 404),
      json('<!doctype html><html></html>'),
      () => Promise.reject(new TypeError('Failed to fetch')),
      json({ apiBase: 'javascript:alert(1)' }),
      json({ socketUrls: [] }),
      json({ socketUrls: ['ftp://x.com'] }),
      json({ apiBase: 'https://user:pw@api.example.com' }),
      json([1, 2]),
    ];
    for (const reply of cases) {
      const d = deps(reply);
      expect(await loadRuntimeConfig(d)).toEqual({});
      expect(runtimeConfig()).toEqual({});
      expect(d.warnings).toHaveLength(1);
      expect(d.warnings[0]).toMatch(/^\[config\] \/config\.json: .+; using the built-in defaults/);
    }
  });

  it('[DEPLOY-3] socket URLs resolve against the page; the CSP needs the other origins only', () => {
    const { config } = parseRuntimeConfig({
      apiBase: 'http://127.0.0.1:9000/',
      socketUrls: ['/ws/', 'ws://127.0.0.1:9001', 'https://gw.example.com/x'],
    });
    expect(socketBasesOf(config, { protocol: 'http:', host: 'localhost:5173' })).toEqual([
      'ws://localhost:5173/ws/',
      'ws://127.0.0.1:9001/ws/',
      'wss://gw.example.com/x/',
    ]);
    expect(socketBasesOf({}, { protocol: 'https:', host: 'ex.com' })).toEqual(['wss://ex.com/ws/']);
    expect(connectOriginsOf(config)).toEqual(['http://127.0.0.1:9000', 'ws://127.0.0.1:9001', 'wss://gw.example.com']);
  });

  it('[DEPLOY-10] requestTimeoutMs: whole milliseconds from 1 s to 10 s; absent: 10 s', () => {
    expect(requestTimeoutOf(parseRuntimeConfig({}).config)).toBe(10_000);
    expect(requestTimeoutOf(parseRuntimeConfig({ requestTimeoutMs: 1_000 }).config)).toBe(1_000);
    expect(requestTimeoutOf(parseRuntimeConfig({ requestTimeoutMs: 10_000 }).config)).toBe(10_000);
    for (const bad of [999, 10_001, 2_500.5, '3000', 0, -1]) {
      const r = parseRuntimeConfig({ requestTimeoutMs: bad });
      expect(r.problem).toMatch(/^requestTimeoutMs: /);
      expect(requestTimeoutOf(r.config)).toBe(10_000);
    }
  });
});
