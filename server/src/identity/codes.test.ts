import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { devApi } from '../../../src/shared/api/dev';
import {
  CODE_TTL_MS,
  Codes,
  MAX_PER_ADDRESS_PER_HOUR,
  MAX_PER_IP_PER_HOUR,
  MAX_WRONG_TRIES,
  RESEND_GAP_MS,
  type Delivery,
} from './codes';
import { startIdentityServer, startTestServer } from '../testing/harness';
import { serverForFile } from '../testing/fixtures';

const h = serverForFile({}, () => startIdentityServer());
beforeEach(() => h.reset());

const send = (email: string, codeType = 'register', ip = '127.0.0.1') =>
  h.call(userApi.sendEmailCode, { query: { codeType, email }, ip });
/** The raw reply (status, headers), for the limits' 429. */
const sendRaw = (email: string, codeType = 'register', ip = '127.0.0.1') =>
  h.app.inject({
    method: 'POST',
    url: `${userApi.sendEmailCode.path}?codeType=${codeType}&email=${encodeURIComponent(email)}`,
    remoteAddress: ip,
  });
const latest = async (to: string) => (await h.outbox(to))[0];
const register = (email: string, emailCode: string) =>
  h.call(userApi.register, { body: { type: 'email', email, password: 'Right1234-Quartz', emailCode } });

describe('[AUTH-4] email and phone codes', () => {
  it('[DEV-1] a code is 6 digits and lands in the development mailbox, for its purpose', async () => {
    expect((await send('c1@example.com')).code).toBe(200);
    const m = await latest('c1@example.com');
    expect(m.code).toMatch(/^\d{6}$/);
    expect(m.codeType).toBe('register');
  });

  it('a code works once only', async () => {
    await send('c2@example.com');
    const { code } = await latest('c2@example.com');
    expect((await register('c2@example.com', code)).code).toBe(200);
    // Reuse for a password reset of the same address (another purpose) and for the same purpose both fail.
    const again = await h.call(userApi.backPwd, {
      query: { email: 'c2@example.com', newPwd: 'Other1234-Quartz', emailCode: code },
    });
    expect(again.msg).toBe('The verification code is invalid or expired');
    h.clock.advance(RESEND_GAP_MS);
    await send('c2@example.com', 'backPwd');
    const reset = (await latest('c2@example.com')).code;
    expect(
      (
        await h.call(userApi.backPwd, {
          query: { email: 'c2@example.com', newPwd: 'Other1234-Quartz', emailCode: reset },
        })
      ).code,
    ).toBe(200);
    const twice = await h.call(userApi.backPwd, {
      query: { email: 'c2@example.com', newPwd: 'Third1234-Quartz', emailCode: reset },
    });
    expect(twice.code).toBe(0);
    expect(twice.msg).toBe('The verification code is invalid or expired');
    expect(
      (await h.call(userApi.login, { body: { account: 'c2@example.com', password: 'Other1234-Quartz' } })).code,
    ).toBe(200);
  });

  it('a code expires after 5 minutes', async () => {
    await send('c3@example.com');
    const { code } = await latest('c3@example.com');
    h.clock.advance(CODE_TTL_MS);
    const r = await register('c3@example.com', code);
    expect(r.code).toBe(0);
    expect(r.msg).toBe('The verification code is invalid or expired');
  });

  it('a code still works just before 5 minutes', async () => {
    await send('c4@example.com');
    const { code } = await latest('c4@example.com');
    h.clock.advance(CODE_TTL_MS - 1000);
    expect((await register('c4@example.com', code)).code).toBe(200);
  });

  it('a code sent for one address does not work for another', async () => {
    await send('c5@example.com');
    const { code } = await latest('c5@example.com');
    expect((await register('c6@example.com', code)).msg).toBe('The verification code is invalid or expired');
  });

  it(`a code dies after ${MAX_WRONG_TRIES} wrong guesses`, async () => {
    await send('c7@example.com');
    const { code } = await latest('c7@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_WRONG_TRIES; i++) expect((await register('c7@example.com', wrong)).code).toBe(0);
    expect((await register('c7@example.com', code)).msg).toBe('The verification code is invalid or expired');
  });

  it('only the newest code of a purpose is valid', async () => {
    await send('c8@example.com');
    const first = (await latest('c8@example.com')).code;
    h.clock.advance(RESEND_GAP_MS);
    await send('c8@example.com');
    const second = (await latest('c8@example.com')).code;
    if (first !== second) expect((await register('c8@example.com', first)).code).toBe(0);
    expect((await register('c8@example.com', second)).code).toBe(200);
  });

  it('[SAFE-7] sending is rate-limited: one per minute and 10 per hour per address, with 429 and Retry-After', async () => {
    expect((await send('c9@example.com')).code).toBe(200);
    const soon = await sendRaw('c9@example.com');
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('60');
    expect(soon.json()).toEqual({ code: 0, msg: 'Please wait 60 seconds before requesting another code', data: null });
    for (let i = 1; i < MAX_PER_ADDRESS_PER_HOUR; i++) {
      h.clock.advance(RESEND_GAP_MS);
      expect((await send('c9@example.com')).code).toBe(200);
    }
    h.clock.advance(RESEND_GAP_MS);
    const hour = await sendRaw('c9@example.com');
    expect(hour.statusCode).toBe(429);
    expect(hour.json().msg).toBe('Too many codes requested for this address, try again in an hour');
    // The oldest of the ten leaves the hour after 3600 - 10 x 60 s.
    expect(hour.headers['retry-after']).toBe(String(3600 - MAX_PER_ADDRESS_PER_HOUR * 60));
    h.clock.advance(3600_000);
    expect((await send('c9@example.com')).code).toBe(200);
  });

  it('[SAFE-7] sending is rate-limited per client address too', async () => {
    let refused: Awaited<ReturnType<typeof sendRaw>> | undefined;
    let sent = 0;
    for (let i = 0; i < 40 && !refused; i++) {
      const r = await sendRaw(`flood${i}@example.com`, 'register', '10.7.7.7');
      if (r.statusCode === 200) sent++;
      else refused = r;
    }
    expect(sent).toBe(MAX_PER_IP_PER_HOUR);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().msg).toBe('Too many codes requested, try again in an hour');
    expect(Number(refused?.headers['retry-after'])).toBe(3600);
    // Another client address is not concerned.
    expect((await send('flood99@example.com', 'register', '10.7.7.8')).code).toBe(200);
  });

  it('SMS codes: bind a phone, then unbind it with a code sent to that phone', async () => {
    const t = await h.signUp('c10@example.com');
    expect((await h.call(userApi.sendMobileCode, { query: { codeType: 'bind', phone: '+14155550100' } })).code).toBe(
      200,
    );
    const bindCode = (await latest('+14155550100')).code;
    // The number is normalised: "14155550100" is the same phone.
    expect((await h.call(userApi.bindPhone, { token: t, query: { phone: '14155550100', code: bindCode } })).code).toBe(
      200,
    );
    expect((await h.call(userApi.getInfo, { token: t })).data.phone).toBe('+14155550100');
    h.clock.advance(RESEND_GAP_MS);
    await h.call(userApi.sendMobileCode, { query: { codeType: 'unbind', phone: '+14155550100' } });
    const unbind = (await latest('+14155550100')).code;
    expect((await h.call(userApi.unBindPhone, { token: t, query: { code: unbind } })).code).toBe(200);
    expect((await h.call(userApi.getInfo, { token: t })).data.phone).toBeNull();
  });

  it('for purposes that need an account, an unknown address gets success and no code (no account discovery)', async () => {
    const r = await send('nobody@example.com', 'backPwd');
    expect(r.code).toBe(200);
    expect(await h.outbox('nobody@example.com')).toEqual([]);
  });

  it('[DEV-1] without an address, the outbox lists the latest codes to every address, newest first', async () => {
    await send('d1@example.com');
    await h.call(userApi.sendMobileCode, { query: { codeType: 'register', phone: '+14155550111' } });
    const res = await h.app.inject({ method: 'GET', url: '/api/_test/outbox' });
    const all = devApi.outbox.data.parse(res.json().data);
    expect(all.map((m) => [m.channel, m.address, m.codeType])).toEqual([
      ['phone', '+14155550111', 'register'],
      ['email', 'd1@example.com', 'register'],
    ]);
    expect(all[0].code).toMatch(/^\d{6}$/);
    const one = await h.app.inject({ method: 'GET', url: '/api/_test/outbox?limit=1' });
    expect(one.json().data).toHaveLength(1);
    const bad = await h.app.inject({ method: 'GET', url: '/api/_test/outbox?limit=0' });
    expect(bad.json().msg).toMatch(/^limit: Too small/);
  });

  it('[DEV-1] outside production the settings reply says the development outbox is there', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/common/getAllSetting' });
    expect(res.json().data.devOutbox).toBe(true);
  });

  it('[SAFE-3] [SAFE-4] a channel that reaches nobody refuses send and notifyExisting before anything is stored or counted', () => {
    const sent: Delivery[] = [];
    const codes = new Codes(
      h.ctx.db,
      h.clock,
      (d) => void sent.push(d),
      (c) => (c === 'email' ? 'no mail service' : undefined),
    );
    const rows = () => (h.ctx.db.prepare('SELECT COUNT(*) AS n FROM verify_codes').get() as { n: number }).n;
    expect(() => codes.send('email', 'r@example.com', 'register', '10.0.0.1')).toThrow('no mail service');
    expect(() => codes.notifyExisting('email', 'r@example.com', 'register', '10.0.0.1')).toThrow('no mail service');
    expect(rows()).toBe(0);
    expect(sent).toEqual([]);
    codes.send('phone', '+14155550123', 'register', '10.0.0.1');
    expect(rows()).toBe(1);
    expect(sent.map((d) => [d.channel, d.kind])).toEqual([['phone', 'code']]);
  });

  it('a bad codeType or address gets a clear message', async () => {
    expect((await send('c11@example.com', 'steal')).msg).toMatch(/^Invalid query: codeType: /);
    expect((await send('not-an-email')).msg).toBe('Invalid query: email: Invalid email address');
  });
});

describe('[AUTH-5] [SAFE-3] [SAFE-4] production without SMTP_URL or SMS_WEBHOOK_URL', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('[SAFE-3] [SAFE-4] [SAFE-5] [SAFE-1] codes are refused with a clear message before anything is stored, start-up says so, no demo account, no outbox', async () => {
    dir = mkdtempSync(join(tmpdir(), 'accounts-prod-'));
    const lines: string[] = [];
    const srv = await startTestServer({
      dataDir: dir,
      env: { NODE_ENV: 'production', TEST_SWITCHES: '1', LOG_LEVEL: 'info' },
      logLine: (l) => void lines.push(l),
    });
    const app = srv.app;
    const db = srv.ctx.db;
    const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    // Every purpose, for a free and a taken address alike: the same refusal, nothing stored.
    for (const codeType of ['register', 'backPwd', 'bind']) {
      const sent = await app.inject({
        method: 'POST',
        url: `/api/user/sendEmailCode?codeType=${codeType}&email=p%40example.com`,
      });
      expect(sent.json()).toMatchObject({
        code: 0,
        msg: 'Email codes cannot be sent: this server has no mail service configured (the operator must set SMTP_URL)',
      });
    }
    const sms = await app.inject({
      method: 'POST',
      url: '/api/user/sendMobileCode?codeType=register&phone=%2B14155550100',
    });
    expect(sms.json().msg).toBe(
      'SMS codes cannot be sent: this server has no SMS service configured (the operator must set SMS_WEBHOOK_URL)',
    );
    expect(count('verify_codes')).toBe(0);
    expect(count('dev_outbox')).toBe(0);
    // Start-up said so, plainly, for both channels.
    const log = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(log.find((l) => l.event === 'code_delivery')).toMatchObject({ email: 'none', phone: 'none' });
    expect(log.filter((l) => l.event === 'code_delivery_off').map((l) => l.channel)).toEqual(['email', 'phone']);
    // SAFE-5: no demo account unless SEED_DEMO=1.
    expect(srv.demo).toBeUndefined();
    expect(count('users')).toBe(0);
    // SAFE-1, DEV-1: no mailbox route, and the settings reply does not mention it.
    expect((await app.inject({ method: 'GET', url: '/api/_test/outbox?to=p%40example.com' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/_test/outbox' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/common/getAllSetting' })).json().data).not.toHaveProperty(
      'devOutbox',
    );
    expect((await app.inject({ method: 'POST', url: '/api/_test/expireTokens' })).statusCode).toBe(404);
    await srv.stop();
  });
});
