/**
 * Accounts on the real server (AUTH, KYC and UPLOAD rules), over real HTTP: the server is started as a child process
 * exactly as `npm start` runs it. Every reply is checked against its endpoint schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnyEnvelope } from '../src/shared/api/envelope';
import type { Endpoint } from '../src/shared/api/endpoint';
import { userApi } from '../src/shared/api/user';
import { startServer, type RunningServer } from './helpers/server';
import { tinyPng } from '../server/src/identity/testImages';

let srv: RunningServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv?.stop());

interface Opts {
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
}

/** Calls like the app does: JSON content type on every request, body only when there is one. */
async function call<E extends Endpoint>(e: E, o: Opts = {}) {
  const qs = new URLSearchParams(Object.entries(o.query ?? {}).map(([k, v]) => [k, String(v)]));
  const url = `${srv.url}${e.path}${qs.size ? `?${qs}` : ''}`;
  const res = await fetch(url, {
    method: e.method,
    headers: {
      'content-type': 'application/json',
      lang: 'en',
      language: 'en',
      ...(o.token ? { satoken: o.token } : {}),
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  expect(res.status).toBe(200);
  const env = AnyEnvelope.parse(await res.json());
  if (env.code === 200) expect(e.data.safeParse(env.data).success, `${e.path} reply matches its schema`).toBe(true);
  return env as { code: number; msg: string; data: any };
}

async function outbox(to: string): Promise<string> {
  const r = await (await fetch(`${srv.url}/api/_test/outbox?to=${encodeURIComponent(to)}`)).json();
  return r.data[0].code;
}

/** A valid 1x1 PNG: the server decodes and re-encodes every upload (SAFE-17). */
const png = () => tinyPng();

describe('[spec 7.1] accounts on the real server', () => {
  it('[spec 3.6] the demo user printed at start-up signs in', async () => {
    expect(srv.logs.some((l) => l.includes('demo@openex.local'))).toBe(true);
    const r = await call(userApi.login, { body: { account: 'demo@openex.local', password: 'Demo12345' } });
    expect(r.code).toBe(200);
    const info = await call(userApi.getInfo, { token: r.data.satoken });
    expect(info.data.asset.length).toBeGreaterThan(0);
    expect((await call(userApi.getUserCoin, { token: r.data.satoken })).data.length).toBeGreaterThan(0);
    expect((await call(userApi.getFinanceAmount, { token: r.data.satoken })).data).toEqual({
      coin: 'USDT',
      amount: '1000',
    });
  });

  it('register with an email code from the outbox, sign out, sign in, change the password, sign in with the new one', async () => {
    const email = 'flow@example.com';
    expect((await call(userApi.sendEmailCode, { query: { codeType: 'register', email } })).code).toBe(200);
    const reg = await call(userApi.register, {
      body: { type: 'email', email, password: 'First1234-Quartz', emailCode: await outbox(email) },
    });
    expect(reg.code).toBe(200);
    expect((await call(userApi.loginOut, { token: reg.data.satoken, body: {} })).code).toBe(200);
    const dead = await call(userApi.getInfo, { token: reg.data.satoken });
    expect(dead.code).toBe(500);
    expect(dead.msg).toContain('Token');
    const t = (await call(userApi.login, { body: { account: email, password: 'First1234-Quartz' } })).data.satoken;
    const me = (await call(userApi.getInfo, { token: t })).data;
    expect(
      (
        await call(userApi.updateUserLoginPwd, {
          token: t,
          query: { oldPwd: 'First1234-Quartz', newPwd: 'Second1234-Quartz', userId: me.id },
        })
      ).code,
    ).toBe(200);
    expect((await call(userApi.login, { body: { account: email, password: 'First1234-Quartz' } })).msg).toBe(
      'Account or password is incorrect',
    );
    expect((await call(userApi.login, { body: { account: email, password: 'Second1234-Quartz' } })).code).toBe(200);
  });

  it('POST calls with only a query string work without a body (the app sends the JSON content type anyway)', async () => {
    const r = await call(userApi.getCountryCode);
    expect(r.code).toBe(200);
    expect(r.data.some((c: { code: string }) => c.code === '+1')).toBe(true);
  });

  it('[test switch] expireTokens turns a live token into a Token error (spec 8)', async () => {
    const t = (await call(userApi.login, { body: { account: 'demo@openex.local', password: 'Demo12345' } })).data
      .satoken;
    expect((await call(userApi.getInfo, { token: t })).code).toBe(200);
    const sw = await fetch(`${srv.url}/api/_test/expireTokens?account=demo@openex.local`, { method: 'POST' });
    expect((await sw.json()).code).toBe(200);
    const r = await call(userApi.getInfo, { token: t });
    expect(r.code).toBe(500);
    expect(r.msg).toContain('Token');
  });

  it('a token in the URL is never accepted', async () => {
    const t = (await call(userApi.login, { body: { account: 'demo@openex.local', password: 'Demo12345' } })).data
      .satoken;
    const r = await (await fetch(`${srv.url}/api/user/getInfo?satoken=${t}`)).json();
    expect(r.code).toBe(500);
  });

  it('upload an image as multipart, submit primary verification with it: pending; the file is served to its owner only', async () => {
    const t = (await call(userApi.login, { body: { account: 'demo@openex.local', password: 'Demo12345' } })).data
      .satoken;
    const up = async (name: string, bytes: Buffer, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const res = await fetch(`${srv.url}${userApi.uploadOSS.path}`, {
        method: 'POST',
        headers: { satoken: t },
        body: form,
      });
      return res.json() as Promise<{ code: number; msg: string; data: { url: string } }>;
    };
    expect((await up('x.png', Buffer.from('not an image at all'), 'image/png')).msg).toBe(
      'Only PNG, JPEG, WebP or GIF images can be uploaded',
    );
    // Over the limit: the reply arrives as a clear message even though the client is still sending.
    const big = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024 + 1 - png().length)]);
    expect((await up('big.png', big, 'image/png')).msg).toBe('The image is larger than 5 MB');
    const front = await up('front.png', png(), 'image/png');
    const back = await up('back.png', png(), 'image/png');
    expect(front.code).toBe(200);
    const file = await fetch(`${srv.url}${front.data.url}`, { headers: { satoken: t } });
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 8)).toEqual(png().subarray(0, 8));

    const kyc = await call(userApi.uploadKYC, {
      token: t,
      query: {
        level: 'primary',
        realName: 'Demo User',
        idCard: 'D1234567',
        frontImg: front.data.url,
        backImg: back.data.url,
      },
    });
    expect(kyc.code).toBe(200);
    expect((await call(userApi.getInfo, { token: t })).data.kyc.primary).toBe('pending');

    const email = 'stranger@example.com';
    await call(userApi.sendEmailCode, { query: { codeType: 'register', email } });
    const other = (
      await call(userApi.register, {
        body: { type: 'email', email, password: 'Other1234-Quartz', emailCode: await outbox(email) },
      })
    ).data.satoken;
    const stolen = await (await fetch(`${srv.url}${front.data.url}`, { headers: { satoken: other } })).json();
    expect(stolen).toEqual({ code: 0, msg: 'Not found', data: null });
  });

  it('every 7.1 path is in the OpenAPI document', async () => {
    const doc = await (await fetch(`${srv.url}/api/openapi.json`)).json();
    for (const e of Object.values(userApi)) expect(Object.keys(doc.paths)).toContain(e.path);
  });
});

describe('[AUTH-5][OPS-5] production mode on the real server', () => {
  it('[SAFE-1] [SAFE-2] [SAFE-3] no development outbox and no test switches, even with TEST_SWITCHES=1; without SMTP_URL codes are refused', async () => {
    const prod = await startServer({ NODE_ENV: 'production', TEST_SWITCHES: '1' });
    try {
      const sent = await fetch(`${prod.url}/api/user/sendEmailCode?codeType=register&email=prod%40example.com`, {
        method: 'POST',
      });
      expect(await sent.json()).toMatchObject({
        code: 0,
        msg: 'Email codes cannot be sent: this server has no mail service configured (the operator must set SMTP_URL)',
      });
      expect((await fetch(`${prod.url}/api/_test/outbox?to=prod%40example.com`)).status).toBe(404);
      expect((await fetch(`${prod.url}/api/_test/expireTokens`, { method: 'POST' })).status).toBe(404);
      expect(
        (await fetch(`${prod.url}/api/_test/kycReview?account=a&level=primary&state=approved`, { method: 'POST' }))
          .status,
      ).toBe(404);
    } finally {
      await prod.stop();
    }
  });
});
