import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../shared/api/endpoint';
import { marketApi } from '../../shared/api/market';
import { ApiError, call, callRaw, clearRetryAfter, TIMEOUT_MS, TOKEN_RELOAD_DELAY_MS } from './client';
import { resetClientEnv, setClientEnv } from './env';
import { FALLBACK_MESSAGES } from './messages';
import { setRuntimeConfig } from './runtimeConfig';

const ping = defineEndpoint({
  method: 'GET',
  path: '/api/test/ping',
  summary: 'test',
  data: z.object({ n: z.number() }),
});
const post = defineEndpoint({
  method: 'POST',
  path: '/api/test/post',
  summary: 'test',
  query: z.object({ q: z.string() }).optional(),
  body: z.unknown(),
  data: z.null().optional(),
});
const login = defineEndpoint({
  method: 'POST',
  path: '/api/user/login',
  summary: 'test',
  body: z.unknown(),
  data: z.object({ satoken: z.string() }),
});

interface Sent {
  url: string;
  init: RequestInit;
}

let sent: Sent[];
let notes: { message: string; kind: string }[];
let timers: { fn: () => void; ms: number; cleared: boolean }[];
let signOuts: number;
let reloads: number;
let now: number;
let token: string;
let testPlatform: string | null;

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return () =>
    Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      }),
    );
}

function useFetch(make: () => Promise<Response>) {
  setClientEnv({
    fetch: ((url: string, init: RequestInit) => {
      sent.push({ url, init });
      return make();
    }) as typeof fetch,
  });
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  sent = [];
  notes = [];
  timers = [];
  signOuts = 0;
  reloads = 0;
  now = 1_000_000;
  token = '';
  testPlatform = null;
  clearRetryAfter();
  setClientEnv({
    now: () => now,
    setTimeout: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimeout: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
    getToken: () => token,
    getLang: () => 'de',
    getTestPlatform: () => testPlatform,
    notify: (message, kind) => notes.push({ message, kind }),
    translate: (key, vars) => FALLBACK_MESSAGES[key].replace('{{seconds}}', String(vars?.seconds ?? '')),
    signOut: () => signOuts++,
    reload: () => reloads++,
  });
});

afterEach(() => resetClientEnv());

describe('success rule (spec 5)', () => {
  it('[spec 5] HTTP 200 with a code above 0 is a success and data is returned', async () => {
    useFetch(reply(200, { code: 200, msg: 'ok', data: { n: 7 } }));
    await expect(call(ping)).resolves.toEqual({ n: 7 });
    useFetch(reply(200, { code: 1, msg: 'ok', data: { n: 1 } }));
    await expect(call(ping)).resolves.toEqual({ n: 1 });
    expect(notes).toEqual([]);
  });

  it('[spec 5] HTTP 200 with code 0 or below is not a success', async () => {
    for (const code of [0, -1]) {
      useFetch(reply(200, { code, msg: 'nope', data: { n: 1 } }));
      expect((await failure(call(ping))).kind).toBe('business');
    }
  });

  it('[spec 5] a code above 0 under a non-200 HTTP status is not a success', async () => {
    useFetch(reply(201, { code: 200, msg: 'ok', data: { n: 1 } }));
    expect((await failure(call(ping))).kind).toBe('network');
  });
});

describe('error catalogue (spec 8)', () => {
  it('[spec 8 row 1] code not above 0: the server msg is shown and the call fails', async () => {
    useFetch(reply(200, { code: 0, msg: 'Insufficient balance', data: null }));
    const e = await failure(call(ping));
    expect(e.kind).toBe('business');
    expect(e.message).toBe('Insufficient balance');
    expect(e.code).toBe(0);
    expect(notes).toEqual([{ message: 'Insufficient balance', kind: 'error' }]);
  });

  it("[spec 8 row 1] code not above 0 without msg: 'System error' is shown", async () => {
    useFetch(reply(200, { code: -1, msg: '', data: null }));
    const e = await failure(call(ping));
    expect(e.message).toBe('System error');
    expect(notes.map((n) => n.message)).toEqual(['System error']);
  });

  it("[spec 8 row 2] code 500 with 'Token' in msg: msg shown, signed out, page reloads after a short delay", async () => {
    token = 'abc';
    useFetch(reply(200, { code: 500, msg: 'Token is invalid or expired', data: null }));
    const e = await failure(call(ping, { silent: true }));
    expect(e.kind).toBe('token');
    expect(notes).toEqual([{ message: 'Token is invalid or expired', kind: 'error' }]);
    expect(signOuts).toBe(1);
    expect(reloads).toBe(0);
    const reload = timers.find((t) => t.ms === TOKEN_RELOAD_DELAY_MS)!;
    expect(reload).toBeDefined();
    reload.fn();
    expect(reloads).toBe(1);
  });

  it("[spec 8 row 2] signed out (no token sent): a 'Token' reply is an ordinary failure, silent when asked, no reload", async () => {
    token = '';
    useFetch(reply(200, { code: 500, msg: 'Token is missing', data: null }));
    const e = await failure(call(ping, { silent: true }));
    expect(e.kind).toBe('token');
    expect(notes).toEqual([]);
    expect(signOuts).toBe(0);
    expect(timers.some((t) => t.ms === TOKEN_RELOAD_DELAY_MS)).toBe(false);
  });

  it("[spec 8 row 2] code 500 without 'Token' is an ordinary success code, not a sign-out", async () => {
    token = 'abc';
    useFetch(reply(200, { code: 500, msg: 'something else', data: { n: 2 } }));
    await expect(call(ping)).resolves.toEqual({ n: 2 });
    expect(signOuts).toBe(0);
  });

  it("[spec 8 row 3] a non-200 HTTP status shows 'Network anomaly'", async () => {
    for (const status of [500, 502, 404, 401]) {
      notes = [];
      useFetch(reply(status, 'oops'));
      const e = await failure(call(ping));
      expect(e.kind).toBe('network');
      expect(e.status).toBe(status);
      expect(notes.map((n) => n.message)).toEqual([FALLBACK_MESSAGES['Network anomaly']]);
    }
  });

  it("[spec 8 row 3] a request that never reaches the server shows 'Network anomaly'", async () => {
    useFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const e = await failure(call(ping));
    expect(e.kind).toBe('network');
    expect(notes.map((n) => n.message)).toEqual([FALLBACK_MESSAGES['Network anomaly']]);
  });

  it("[spec 8 row 4] Chinese in the body: 'cannotInputChinese' and no request is sent", async () => {
    useFetch(reply(200, { code: 200, msg: 'ok', data: null }));
    const e = await failure(call(post, { body: { account: 'bob', profile: { name: ['ok', '张三'] } } }));
    expect(e.kind).toBe('chinese');
    expect(sent).toEqual([]);
    expect(notes.map((n) => n.message)).toEqual([FALLBACK_MESSAGES.cannotInputChinese]);
  });

  it('[spec 8 row 4] Chinese in the query is caught too', async () => {
    useFetch(reply(200, { code: 200, msg: 'ok', data: null }));
    expect((await failure(call(post, { query: { q: '你好' } }))).kind).toBe('chinese');
    expect(sent).toEqual([]);
  });

  it('[spec 8 row 5] a failed login shows the returned msg as a toast', async () => {
    useFetch(reply(200, { code: 0, msg: 'Account or password is incorrect', data: null }));
    const e = await failure(call(login, { body: { account: 'a', password: 'b' } }));
    expect(e.message).toBe('Account or password is incorrect');
    expect(notes).toEqual([{ message: 'Account or password is incorrect', kind: 'error' }]);
  });

  it('[spec 8 row 6] settings load with another code: callRaw returns it untouched and shows nothing', async () => {
    useFetch(reply(200, { code: 0, msg: 'maintenance', data: null }));
    await expect(callRaw(ping)).resolves.toEqual({ code: 0, msg: 'maintenance', data: null });
    expect(notes).toEqual([]);
  });
});

describe('schema, timeout, 429, silent', () => {
  it('[API-5] a success reply that does not match its schema is a typed error, not a crash', async () => {
    useFetch(reply(200, { code: 200, msg: 'ok', data: { n: 'seven' } }));
    const e = await failure(call(ping));
    expect(e.kind).toBe('schema');
    expect(e.message).toBe(FALLBACK_MESSAGES.unexpectedReply);
  });

  it('[API-5] a reply that is not an envelope, or not JSON, is a schema error', async () => {
    useFetch(reply(200, { hello: 'world' }));
    expect((await failure(call(ping))).kind).toBe('schema');
    useFetch(reply(200, '<html>'));
    expect((await failure(call(ping))).kind).toBe('schema');
  });

  it('[spec 9.1] the request is aborted after 10 s as a timeout', async () => {
    setClientEnv({
      fetch: ((url: string, init: RequestInit) => {
        sent.push({ url, init });
        return new Promise((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }) as typeof fetch,
    });
    const p = call(ping);
    const t = timers.find((x) => x.ms === TIMEOUT_MS)!;
    expect(TIMEOUT_MS).toBe(10_000);
    t.fn();
    const e = await failure(p);
    expect(e.kind).toBe('timeout');
    expect(notes.map((n) => n.message)).toEqual([FALLBACK_MESSAGES.requestTimeout]);
  });

  it("[DEPLOY-10] config.json's requestTimeoutMs sets the timeout; without it, 10 s", async () => {
    const hang = ((url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Promise((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }) as typeof fetch;
    setClientEnv({ fetch: hang });
    try {
      setRuntimeConfig({ requestTimeoutMs: 2_500 });
      const p = call(ping);
      expect(timers.map((x) => x.ms)).toEqual([2_500]);
      timers[0].fn();
      expect((await failure(p)).kind).toBe('timeout');
      setRuntimeConfig({});
      const q = call(ping);
      expect(timers.map((x) => x.ms)).toEqual([2_500, 10_000]);
      timers[1].fn();
      expect((await failure(q)).kind).toBe('timeout');
    } finally {
      setRuntimeConfig({});
    }
  });

  it('[API-3] the timeout timer is cleared once a reply arrives', async () => {
    useFetch(reply(200, { code: 200, msg: 'ok', data: { n: 1 } }));
    await call(ping);
    expect(timers.find((x) => x.ms === TIMEOUT_MS)!.cleared).toBe(true);
  });

  it('[API-6] HTTP 429 shows the wait and nothing is sent on that path before Retry-After', async () => {
    useFetch(reply(429, { code: 0, msg: 'slow down', data: null }, { 'retry-after': '30' }));
    const e = await failure(call(ping));
    expect(e.kind).toBe('rate-limited');
    expect(e.retryAfterSec).toBe(30);
    expect(e.message).toBe('Too many requests, try again in 30 s');
    expect(sent.length).toBe(1);

    useFetch(reply(200, { code: 200, msg: 'ok', data: { n: 1 } }));
    now += 10_000;
    const again = await failure(call(ping));
    expect(again.kind).toBe('rate-limited');
    expect(again.message).toBe('Too many requests, try again in 20 s');
    expect(sent.length).toBe(1); // failed fast, nothing left the page

    useFetch(reply(200, { code: 200, msg: 'ok', data: null }));
    await expect(call(post, { body: {} })).resolves.toBeNull(); // other paths are not blocked
    useFetch(reply(200, { code: 200, msg: 'ok', data: { n: 1 } }));
    now += 20_000;
    await expect(call(ping)).resolves.toEqual({ n: 1 });
  });

  it('[API-6] Retry-After as an HTTP date is honoured', async () => {
    useFetch(reply(429, '', { 'retry-after': new Date(now + 90_000).toUTCString() }));
    const e = await failure(call(ping));
    expect(e.retryAfterSec).toBeGreaterThanOrEqual(89);
    expect(e.retryAfterSec).toBeLessThanOrEqual(90);
  });

  it('[API-7] silent calls show nothing but still fail with the message', async () => {
    useFetch(reply(200, { code: 0, msg: 'bad code', data: null }));
    const e = await failure(call(ping, { silent: true }));
    expect(e.message).toBe('bad code');
    expect(notes).toEqual([]);
  });
});

describe('request shape (spec 6, 7, 7.5)', () => {
  it('[spec 7] relative path, JSON body, headers language and lang from <html lang>', async () => {
    useFetch(reply(200, { code: 200, msg: 'ok', data: null }));
    await call(post, { query: { q: 'a b' }, body: { x: 1 } });
    const { url, init } = sent[0];
    expect(url).toBe('/api/test/post?q=a+b');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"x":1}');
    const h = init.headers as Record<string, string>;
    expect(h['content-type']).toBe('application/json');
    expect(h.language).toBe('de');
    expect(h.lang).toBe('de');
    expect(h.satoken).toBeUndefined();
  });

  it('[spec 6] the token travels in the satoken header when signed in, never in the URL', async () => {
    token = 'secret-token-value';
    useFetch(reply(200, { code: 200, msg: 'ok', data: { n: 1 } }));
    await call(ping);
    expect((sent[0].init.headers as Record<string, string>).satoken).toBe('secret-token-value');
    expect(sent[0].url).not.toContain('secret');
  });

  it('[spec 7] GET requests carry no body', async () => {
    useFetch(reply(200, { code: 200, msg: 'ok', data: { n: 1 } }));
    await call(ping, { body: { ignored: true } as never });
    expect(sent[0].init.body).toBeUndefined();
  });

  it("a mutation's idempotency key travels in the Idempotency-Key header, and only when given", async () => {
    useFetch(reply(200, { code: 200, msg: 'ok', data: null }));
    await call(post, { body: { x: 1 }, idempotencyKey: 'k-1' });
    await call(post, { body: { x: 1 } });
    expect((sent[0].init.headers as Record<string, string>)['Idempotency-Key']).toBe('k-1');
    expect((sent[1].init.headers as Record<string, string>)['Idempotency-Key']).toBeUndefined();
  });

  it('[spec 7.5] a test-platform entry with a domain sends calls to https://api.<domain>', async () => {
    testPlatform = JSON.stringify({ platform: 'staging', domain: 'example.com' });
    useFetch(reply(200, { code: 200, msg: 'ok', data: { n: 1 } }));
    await call(ping);
    expect(sent[0].url).toBe('https://api.example.com/api/test/ping');
  });

  it('[spec 7.5] a test-platform entry without a usable domain keeps the relative base', async () => {
    for (const raw of [
      JSON.stringify({ platform: 'x' }),
      'not json',
      JSON.stringify({ platform: 'x', domain: 'evil.com/path?' }),
    ]) {
      sent = [];
      testPlatform = raw;
      useFetch(reply(200, { code: 200, msg: 'ok', data: { n: 1 } }));
      await call(ping);
      expect(sent[0].url).toBe('/api/test/ping');
    }
  });

  it('[API-8] multipart bodies go as FormData without a JSON content type', async () => {
    const upload = defineEndpoint({
      method: 'POST',
      path: '/api/common/upload/OSS',
      summary: 't',
      data: z.object({ url: z.string() }),
      multipart: true,
    });
    useFetch(reply(200, { code: 200, msg: 'ok', data: { url: '/x' } }));
    const f = new FormData();
    f.append('file', new Blob([new Uint8Array([1, 2])]), 'a.png');
    await call(upload, { body: f });
    expect(sent[0].init.body).toBe(f);
    expect((sent[0].init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });
});

describe('[PERF-13] the coin lists are revalidated by the browser', () => {
  it('[PERF-13] getCoinList goes out in a cache mode that lets the browser send its ETag and read a 304', async () => {
    const lists = { coinList: [], currencyList: [], contractList: [], optionList: [] };
    useFetch(reply(200, { code: 200, msg: 'ok', data: lists }, { etag: '"abc"', 'cache-control': 'no-cache' }));
    await expect(call(marketApi.getCoinList)).resolves.toEqual(lists);
    expect(sent).toHaveLength(1);
    // 'default' (or unset) and 'no-cache' revalidate; 'no-store' and 'reload' would fetch the whole list again.
    expect([undefined, 'default', 'no-cache']).toContain(sent[0].init.cache);
  });
});

describe('the contract version (CONF-13)', () => {
  it('[CONF-13] hands each reply’s X-Protocol-Version to the notice, null when a backend sends none', async () => {
    const seen: (string | null)[] = [];
    setClientEnv({ contractVersion: (v) => seen.push(v) });
    useFetch(reply(200, { code: 200, msg: 'ok', data: { n: 7 } }, { 'X-Protocol-Version': '2.1' }));
    await call(ping);
    useFetch(reply(200, { code: 200, msg: 'ok', data: { n: 7 } }));
    await call(ping);
    expect(seen).toEqual(['2.1', null]);
  });
});
