import { beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { MAX_SESSIONS_PER_USER, SESSION_TTL_MS } from './tokens';
import { startIdentityServer, startTestServer } from '../testing/harness';
import { serverForFile } from '../testing/fixtures';

const h = serverForFile({}, () => startIdentityServer());
beforeEach(() => h.reset());

const login = (account: string, password: string) => h.call(userApi.login, { body: { account, password } });
const info = (token?: string, url?: string) => h.call(userApi.getInfo, { token, url });
const expectTokenFail = (r: { code: number; msg: string }) => {
  expect(r.code).toBe(500);
  expect(r.msg).toContain('Token');
};

describe('[spec 6, 8] session tokens', () => {
  it('[spec 3.6] a sign-in replies data.satoken with at least 128 random bits', async () => {
    await h.signUp('t1@example.com', 'Right1234-Quartz');
    const r = await login('t1@example.com', 'Right1234-Quartz');
    expect(r.code).toBe(200);
    const bytes = Buffer.from(r.data.satoken, 'base64url');
    expect(bytes.length * 8).toBeGreaterThanOrEqual(128);
    expect(r.data.satoken).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('every sign-in makes a new token; each works', async () => {
    await h.signUp('t2@example.com', 'Right1234-Quartz');
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) seen.add((await login('t2@example.com', 'Right1234-Quartz')).data.satoken);
    expect(seen.size).toBe(5);
    for (const t of seen) expect((await info(t)).code).toBe(200);
  });

  it('[spec 7.1 loginOut] a token is dead after sign-out; other sessions live on', async () => {
    await h.signUp('t3@example.com', 'Right1234-Quartz');
    const a = (await login('t3@example.com', 'Right1234-Quartz')).data.satoken;
    const b = (await login('t3@example.com', 'Right1234-Quartz')).data.satoken;
    expect((await h.call(userApi.loginOut, { token: a, body: {} })).code).toBe(200);
    expectTokenFail(await info(a));
    expectTokenFail(await h.call(userApi.loginOut, { token: a }));
    expect((await info(b)).code).toBe(200);
  });

  it('[spec 6] the token is read from the satoken header only, never from the URL', async () => {
    await h.signUp('t4@example.com', 'Right1234-Quartz');
    const t = (await login('t4@example.com', 'Right1234-Quartz')).data.satoken;
    expectTokenFail(await info(undefined, `/api/user/getInfo?satoken=${t}`));
    expectTokenFail(await info(undefined, `/api/user/getInfo?token=${t}`));
    expectTokenFail(await info('not-a-token'));
    expectTokenFail(await info());
  });

  it(`at most ${MAX_SESSIONS_PER_USER} live sessions per user: the least recently used one ends`, async () => {
    const first = await h.signUp('t10@example.com', 'Right1234-Quartz');
    h.clock.advance(60_000);
    const second = (await login('t10@example.com', 'Right1234-Quartz')).data.satoken;
    h.clock.advance(60_000);
    expect((await info(first)).code).toBe(200); // used now: `second` is the least recently used
    for (let i = 0; i < MAX_SESSIONS_PER_USER - 1; i++) {
      h.clock.advance(1);
      h.acc.sessions.create((await info(first)).data.id);
    }
    expectTokenFail(await info(second));
    expect((await info(first)).code).toBe(200);
    const n = h.acc.db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number };
    expect(n.n).toBe(MAX_SESSIONS_PER_USER);
  });

  it('tokens are stored hashed, never in clear', async () => {
    const t = await h.signUp('t5@example.com', 'Right1234-Quartz');
    const rows = h.acc.db.prepare('SELECT token_hash FROM sessions').all() as { token_hash: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === t)).toBe(false);
  });

  it('a session ends after 7 days without use and lives on while used (sliding expiry)', async () => {
    const t = await h.signUp('t6@example.com', 'Right1234-Quartz');
    h.clock.advance(SESSION_TTL_MS - 60_000);
    expect((await info(t)).code).toBe(200);
    h.clock.advance(SESSION_TTL_MS - 60_000);
    expect((await info(t)).code).toBe(200);
    h.clock.advance(SESSION_TTL_MS);
    expectTokenFail(await info(t));
  });

  it('[test switch] POST /api/_test/expireTokens expires one user or everyone', async () => {
    const a = await h.signUp('t7@example.com', 'Right1234-Quartz');
    const b = await h.signUp('t8@example.com', 'Right1234-Quartz');
    const one = await h.app.inject({ method: 'POST', url: '/api/_test/expireTokens?account=t7@example.com' });
    expect(one.json().code).toBe(200);
    expectTokenFail(await info(a));
    expect((await info(b)).code).toBe(200);
    await h.app.inject({ method: 'POST', url: '/api/_test/expireTokens' });
    expectTokenFail(await info(b));
  });

  it('changing the login password ends every other session and keeps the current one', async () => {
    const a = await h.signUp('t9@example.com', 'Right1234-Quartz');
    const b = (await login('t9@example.com', 'Right1234-Quartz')).data.satoken;
    const me = (await info(a)).data;
    const r = await h.call(userApi.updateUserLoginPwd, {
      token: a,
      query: { oldPwd: 'Right1234-Quartz', newPwd: 'Newer1234-Quartz', userId: me.id },
    });
    expect(r.code).toBe(200);
    expect((await info(a)).code).toBe(200);
    expectTokenFail(await info(b));
    expect((await login('t9@example.com', 'Right1234-Quartz')).code).toBe(0);
    expect((await login('t9@example.com', 'Newer1234-Quartz')).code).toBe(200);
  });
});

describe('[AUTH-7] secrets stay out of logs', () => {
  it('query strings of account calls (passwords, codes, identity data) never reach a log line', async () => {
    const lines: string[] = [];
    // The whole server, as app.ts builds it: Fastify's own request lines off, one line per request from http/observe.ts.
    const srv = await startTestServer({ env: { LOG_LEVEL: 'trace' }, logLine: (l) => void lines.push(l) });
    const app = srv.app;
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { account: 'demo@openex.local', password: 'Demo12345' },
    });
    const token = login.json().data.satoken;
    const r = await app.inject({ method: 'POST', url: '/api/user/tardPwdSet?pwd=987654', headers: { satoken: token } });
    expect(r.json().code).toBe(0); // the demo user already has one: still parsed from the query
    await app.inject({
      method: 'POST',
      url: '/api/user/updatePwd?oldPwd=SecretOld1&newPwd=SecretNew1&signType=1',
      headers: { satoken: token },
    });
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l).not.toContain('987654');
      expect(l).not.toContain('SecretOld1-Quartz');
      expect(l).not.toContain('Demo12345');
      expect(l).not.toContain(token);
    }
    await srv.stop();
  });
});
