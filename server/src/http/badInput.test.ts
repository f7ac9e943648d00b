import { mulberry32 } from '../../../src/shared/random';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../src/shared/api/registry';
import { AnyEnvelope } from '../../../src/shared/api/envelope';
import { startTestServer, type TestServer } from '../testing/harness';

let ex: TestServer;
beforeAll(async () => {
  ex = await startTestServer();
});
afterAll(async () => {
  await ex?.stop();
});

/** A small deterministic generator (mulberry32) so a failure can be replayed. */
const rng = mulberry32;

const WEIRD = [
  '',
  ' ',
  '-1',
  '0',
  '1e308',
  'NaN',
  'null',
  '[]',
  '{}',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '😀',
  '中文',
  'x'.repeat(5000),
  'btcusdt',
  '1m',
  'ABOUT',
  'desc',
  'sort',
];
const KEYS = [
  'symbol',
  'interval',
  'limit',
  'endTime',
  'coin',
  'key',
  'modelKey',
  'isAsc',
  'orderByColumn',
  'junk',
  '__proto__',
];

describe('[spec 5] bad input always gets a clear message and never breaks the server', () => {
  it('500 random queries over every GET/POST endpoint answer a JSON envelope, never an HTTP 500', async () => {
    const rand = rng(42);
    const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
    const endpoints = Object.values(api).filter((e) => !e.auth && !e.multipart && !e.path.includes('_test'));
    for (let i = 0; i < 500; i++) {
      const e = pick(endpoints);
      const qs = new URLSearchParams();
      const n = Math.floor(rand() * 4);
      for (let k = 0; k < n; k++) qs.append(pick(KEYS), pick(WEIRD));
      const path = `${e.path}?${qs.toString()}`;
      const res = e.method === 'GET' ? await ex.get(path) : await ex.post(path, { [pick(KEYS)]: pick(WEIRD) });
      expect(res.status, `${e.method} ${path}`).not.toBe(500);
      const env = AnyEnvelope.safeParse(res.body);
      expect(env.success, `${e.method} ${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(true);
      if (env.success && env.data.code <= 0) expect(env.data.msg.length, `${e.method} ${path}`).toBeGreaterThan(0);
    }
    expect((await ex.get('/healthz')).status).toBe(200);
  });

  it('a body over 1 MB is refused with a readable message', async () => {
    const r = await ex.post('/api/common/getMt5Amount?coin=BTC', { pad: 'x'.repeat(1_100_000) });
    expect(r.body).toEqual({ code: 0, msg: 'The request body is too large', data: null });
  });

  it('an unsupported content type is refused with a readable message', async () => {
    const res = await fetch(`${ex.url}/api/common/getMt5Amount?coin=BTC`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-unknown' },
      body: 'abc',
    });
    const body = await res.json();
    expect(body.code).toBe(0);
    expect(body.msg).toBe('Unsupported content type');
  });
});
