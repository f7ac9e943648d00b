/**
 * Production with real transports (SAFE-3, SAFE-4, SAFE-5, SAFE-6): codes go out by SMTP to a real receiver
 * (smtp-server on 127.0.0.1, an ephemeral port) and phone codes to an SMS webhook (a node:http server); the demo
 * account exists only because SEED_DEMO=1 with the operator's DEMO_PASSWORD; the whole log of the server is read
 * and holds no code, no password and no token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { startTestServer, type TestServer } from '../testing/harness';
import { TEST_SWITCH_ROUTES } from '../testing/testSwitchPaths';
import { DEMO } from './demo';

interface Mail {
  from: string;
  to: string;
  raw: string;
}
interface Sms {
  to: string;
  text: string;
  purpose: string;
}

const SMTP_USER = 'mailer';
const SMTP_PASS = 'smtp-secret-7f3k9q';
const DEMO_PASSWORD = 'operator-demo-pw-2026';

const mails: Mail[] = [];
const texts: Sms[] = [];
const waiting: { match: (m: Mail | Sms) => boolean; resolve: (m: Mail | Sms) => void }[] = [];
function arrived(m: Mail | Sms): void {
  const i = waiting.findIndex((w) => w.match(m));
  if (i >= 0) waiting.splice(i, 1)[0].resolve(m);
}
function next<T extends Mail | Sms>(list: T[], to: string): Promise<T> {
  const found = list.find((m) => m.to === to);
  if (found) {
    list.splice(list.indexOf(found), 1);
    return Promise.resolve(found);
  }
  return new Promise<T>((resolve) =>
    waiting.push({
      match: (m) => m.to === to && list.includes(m as T),
      resolve: (m) => {
        list.splice(list.indexOf(m as T), 1);
        resolve(m as T);
      },
    }),
  );
}
/** The code in a mail's plain-text body (quoted-printable soft breaks undone). */
function codeOf(text: string): string {
  const m = /verification code is (\d{6})/.exec(text.replace(/=\r?\n/g, '')) ?? /code: (\d{6})/.exec(text);
  if (!m) throw new Error(`no code in: ${text}`);
  return m[1];
}

let smtp: SMTPServer;
let hook: Server;
let h: TestServer;
const log: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) cb(null, { user: auth.username });
      else cb(new Error('bad credentials'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        for (const r of session.envelope.rcptTo) {
          const m = { from, to: r.address, raw };
          mails.push(m);
          arrived(m);
        }
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const m = JSON.parse(body) as Sms;
      texts.push(m);
      arrived(m);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const hookPort = (hook.address() as AddressInfo).port;

  h = await startTestServer({
    clock: 'manual',
    login: { emailCode: true, phoneCode: true, phoneIsOpen: true },
    env: {
      NODE_ENV: 'production',
      TEST_SWITCHES: '1',
      LOG_LEVEL: 'trace',
      SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'OpenEx <codes@exchange.test>',
      SMS_WEBHOOK_URL: `http://127.0.0.1:${hookPort}/sms`,
      SEED_DEMO: '1',
      DEMO_PASSWORD,
    },
    logLine: (l) => void log.push(l),
  });
});

afterAll(async () => {
  await h?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

describe('[SAFE-3] [SAFE-4] [SAFE-6] production with SMTP_URL and SMS_WEBHOOK_URL', () => {
  it('[SAFE-3] [SAFE-6] register, reset and bind: each code arrives by SMTP, and the log holds no code, password or token', async () => {
    const secrets: string[] = [SMTP_PASS, DEMO_PASSWORD];
    const passwords = ['Kettle-Harbour-93!', 'Lantern-Meadow-58?', 'Orchid-Tundra-27#'];
    secrets.push(...passwords);

    // Register by email.
    const email = 'owner@mail.example';
    expect((await h.call(userApi.sendEmailCode, { query: { codeType: 'register', email } })).code).toBe(200);
    const first = await next(mails, email);
    expect(first.from).toBe('codes@exchange.test');
    expect(first.raw).toMatch(/^Subject: Your OpenEx verification code\r?$/m);
    const regCode = codeOf(first.raw);
    const reg = await h.call(userApi.register, {
      body: { type: 'email', email, password: passwords[0], emailCode: regCode },
    });
    expect(reg.code).toBe(200);
    secrets.push(regCode, reg.data.satoken);

    // Reset the password (backPwd).
    h.clock.advance(61_000);
    expect((await h.call(userApi.sendEmailCode, { query: { codeType: 'backPwd', email } })).code).toBe(200);
    const resetCode = codeOf((await next(mails, email)).raw);
    secrets.push(resetCode);
    expect((await h.call(userApi.backPwd, { query: { email, newPwd: passwords[1], emailCode: resetCode } })).code).toBe(
      200,
    );
    const login = await h.call(userApi.login, { body: { account: email, password: passwords[1] } });
    expect(login.code).toBe(200);
    secrets.push(login.data.satoken);

    // Register by phone (the code by the SMS webhook), then bind an email to that account.
    const phone = '+14155550177';
    expect((await h.call(userApi.sendMobileCode, { query: { codeType: 'register', phone } })).code).toBe(200);
    const sms = await next(texts, phone);
    const phoneCode = codeOf(sms.text);
    secrets.push(phoneCode);
    const byPhone = await h.call(userApi.register, {
      body: { type: 'phone', phone, password: passwords[2], phoneCode },
    });
    expect(byPhone.code).toBe(200);
    secrets.push(byPhone.data.satoken);
    const bound = 'bound@mail.example';
    const token = byPhone.data.satoken;
    expect((await h.call(userApi.sendEmailCode, { token, query: { codeType: 'bind', email: bound } })).code).toBe(200);
    const bindCode = codeOf((await next(mails, bound)).raw);
    secrets.push(bindCode);
    expect((await h.call(userApi.bindEmail, { token, query: { email: bound, emailCode: bindCode } })).code).toBe(200);

    // The demo account signs in with the operator's password (its token must not be logged either).
    const demo = await h.call(userApi.login, { body: { account: DEMO.account, password: DEMO_PASSWORD } });
    expect(demo.code).toBe(200);
    secrets.push(demo.data.satoken);

    await h.acc.courier.settled();
    const text = log.join('\n');
    expect(text).toContain('"event":"code_sent"');
    for (const s of secrets) expect(text, `the log holds the secret ${s}`).not.toContain(s);
    // Nor any 6-digit code next to the word "code".
    expect(text).not.toMatch(/"code":"\d{6}"/);
  });

  it('[SAFE-4] a phone code is POSTed to the webhook as { to, text, purpose }', async () => {
    const phone = '+14155550178';
    expect((await h.call(userApi.sendMobileCode, { query: { codeType: 'register', phone } })).code).toBe(200);
    const sms = await next(texts, phone);
    expect(Object.keys(sms).sort()).toEqual(['purpose', 'text', 'to']);
    expect(sms).toMatchObject({ to: phone, purpose: 'register' });
    expect(sms.text).toMatch(/^OpenEx code: \d{6} /);
  });

  it('[SAFE-3] start-up logs the transports that are on', () => {
    const start = log.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.event === 'code_delivery');
    expect(start).toMatchObject({ email: ['smtp'], phone: ['webhook'] });
    expect(log.some((l) => l.includes('code_delivery_off'))).toBe(false);
  });

  it('[SAFE-5] the demo account exists only with the operator password, never the published one', async () => {
    expect(h.demo).toEqual({ account: DEMO.account, password: DEMO_PASSWORD, tradePassword: DEMO.tradePassword });
    expect((await h.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } })).code).not.toBe(
      200,
    );
  });

  it('[SAFE-1] [SAFE-2] no mailbox and no test switch in production, even with TEST_SWITCHES=1', async () => {
    for (const [method, path] of TEST_SWITCH_ROUTES) {
      const res = await h.app.inject({ method, url: path });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect([...h.routes.keys()].filter((p) => p.startsWith('/api/_test'))).toEqual([]);
    const settings = await h.app.inject({ method: 'GET', url: '/api/common/getAllSetting' });
    expect(settings.json().data).not.toHaveProperty('devOutbox');
    expect((h.ctx.db.prepare('SELECT COUNT(*) AS n FROM dev_outbox').get() as { n: number }).n).toBe(0);
  });
});
