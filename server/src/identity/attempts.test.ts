import { request } from 'node:http';
import type { Socket } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import {
  FAILURE_WINDOW_MS,
  FIRST_DELAY_MS,
  FREE_FAILURES,
  MAX_DELAY_MS,
  MAX_FAILURES_PER_IP,
  pairDelayMs,
} from './attempts';
import { startIdentityServer, TEST_PASSWORD } from '../testing/harness';
import { serverForFile } from '../testing/fixtures';

const h = serverForFile({}, () => startIdentityServer());
beforeEach(() => h.reset());

const WRONG = 'Account or password is incorrect';
const login = (account: string, password: string, ip = '10.0.0.1') =>
  h.call(userApi.login, { body: { account, password }, ip });
/** Records `n` finished wrong compares of (account key, ip) without hashing (the limiter alone). */
const failures = (key: string, ip: string, n: number) => {
  for (let i = 0; i < n; i++) {
    const a = h.acc.limiter.begin(key, ip);
    h.acc.limiter.fail(a);
    h.acc.limiter.end(a);
  }
};
const userKey = (email: string) => `user:${h.acc.users.byEmail(email)!.id}`;

describe('[AUTH-3] [SAFE-9] sign-in failure limits', () => {
  it('[spec 8] an unknown account and a wrong password get the same reply', async () => {
    await h.signUp('alice@example.com');
    const wrong = await login('alice@example.com', 'Wrong1234');
    const unknown = await login('nobody@example.com', 'Wrong1234');
    expect(wrong.code).toBe(0);
    expect(wrong).toEqual(unknown);
    expect(wrong.msg).toBe(WRONG);
  });

  it(`[SAFE-9] ${FREE_FAILURES} wrong passwords from one address do not lock the owner out from another`, async () => {
    await h.signUp('bob@example.com');
    for (let i = 0; i < FREE_FAILURES + 2; i++) {
      const r = await login('bob@example.com', 'Wrong1234', '10.6.6.6');
      expect(r.msg).toMatch(i < FREE_FAILURES ? /^Account or password is incorrect$/ : /^Too many failed attempts/);
    }
    // The stranger's address is held off, even with the right password...
    expect((await login('bob@example.com', TEST_PASSWORD, '10.6.6.6')).msg).toMatch(/^Too many failed attempts/);
    // ...the owner, from another address, signs in at once. Case and spaces of the login make no new key.
    expect((await login('  BOB@example.com ', TEST_PASSWORD, '10.0.2.2')).code).toBe(200);
  });

  it('[SAFE-9] after the free failures the pair waits a delay that doubles per failure, up to a cap', async () => {
    await h.signUp('dan@example.com');
    const key = userKey('dan@example.com');
    failures(key, '10.0.9.1', FREE_FAILURES);
    expect(h.acc.limiter.check(key, '10.0.9.1')).toBe(FIRST_DELAY_MS);
    expect((await login('dan@example.com', TEST_PASSWORD, '10.0.9.1')).msg).toBe(
      'Too many failed attempts, try again in 1 minute',
    );
    h.clock.advance(FIRST_DELAY_MS);
    expect(h.acc.limiter.check(key, '10.0.9.1')).toBe(0);
    expect((await login('dan@example.com', 'Wrong1234', '10.0.9.1')).msg).toBe(WRONG);
    expect(h.acc.limiter.check(key, '10.0.9.1')).toBe(2 * FIRST_DELAY_MS);
    h.clock.advance(2 * FIRST_DELAY_MS);
    failures(key, '10.0.9.1', 1);
    expect(h.acc.limiter.check(key, '10.0.9.1')).toBe(4 * FIRST_DELAY_MS);
    failures(key, '10.0.9.1', 10);
    expect(h.acc.limiter.check(key, '10.0.9.1')).toBe(MAX_DELAY_MS);
    // The right password once the delay has passed clears the pair.
    h.clock.advance(MAX_DELAY_MS);
    expect((await login('dan@example.com', TEST_PASSWORD, '10.0.9.1')).code).toBe(200);
    expect(h.acc.limiter.check(key, '10.0.9.1')).toBe(0);
  });

  it('[SAFE-9] the delay as a function: none before the free failures, doubling, capped', () => {
    expect(pairDelayMs(FREE_FAILURES - 1, 0, 0)).toBe(0);
    expect(pairDelayMs(FREE_FAILURES, 0, 0)).toBe(FIRST_DELAY_MS);
    expect(pairDelayMs(FREE_FAILURES + 1, 0, 0)).toBe(2 * FIRST_DELAY_MS);
    expect(pairDelayMs(FREE_FAILURES + 3, 1000, 1000 + FIRST_DELAY_MS)).toBe(7 * FIRST_DELAY_MS);
    expect(pairDelayMs(FREE_FAILURES + 100, 0, 0)).toBe(MAX_DELAY_MS);
  });

  it('the count is per account whichever identifier is typed (account name, email)', async () => {
    h.settings.set({ accountCode: true });
    await h.call(userApi.sendEmailCode, { query: { codeType: 'register', email: 'alias@example.com' } });
    const code = (await h.outbox('alias@example.com'))[0].code;
    const r = await h.call(userApi.register, {
      body: {
        type: 'account',
        account: 'aliasuser',
        password: TEST_PASSWORD,
        email: 'alias@example.com',
        emailCode: code,
      },
    });
    expect(r.code).toBe(200);
    for (let i = 0; i < 3; i++) await login('aliasuser', 'Wrong1234', '10.0.5.1');
    for (let i = 0; i < 2; i++) await login('alias@example.com', 'Wrong1234', '10.0.5.1');
    expect((await login('aliasuser', TEST_PASSWORD, '10.0.5.1')).msg).toMatch(/^Too many failed attempts/);
    expect((await login('aliasuser', TEST_PASSWORD, '10.0.7.1')).code).toBe(200);
  });

  it('unknown accounts are limited the same way (the limit does not reveal which accounts exist)', async () => {
    for (let i = 0; i < FREE_FAILURES; i++) await login('ghost@example.com', 'Wrong1234', '10.0.3.1');
    expect((await login('ghost@example.com', 'Wrong1234', '10.0.3.1')).msg).toMatch(/^Too many failed attempts/);
  });

  it(`[SAFE-9] spraying: after ${MAX_FAILURES_PER_IP} failures from one address across accounts, that address is refused for any account; others are not`, async () => {
    await h.signUp('carol@example.com');
    for (let i = 0; i < MAX_FAILURES_PER_IP - 1; i++) failures(`acct:guess${i}@example.com`, '10.9.9.9', 1);
    expect((await login('guess99@example.com', 'Wrong1234', '10.9.9.9')).msg).toBe(WRONG);
    const blocked = await login('carol@example.com', TEST_PASSWORD, '10.9.9.9');
    expect(blocked.msg).toBe('Too many failed attempts, try again in 15 minutes');
    expect((await login('carol@example.com', TEST_PASSWORD, '10.9.9.10')).code).toBe(200);
    h.clock.advance(FAILURE_WINDOW_MS);
    expect((await login('carol@example.com', TEST_PASSWORD, '10.9.9.9')).code).toBe(200);
  });

  it('a success clears the pair count', async () => {
    await h.signUp('dave@example.com');
    for (let i = 0; i < FREE_FAILURES - 1; i++) await login('dave@example.com', 'Wrong1234');
    expect((await login('dave@example.com', TEST_PASSWORD)).code).toBe(200);
    for (let i = 0; i < FREE_FAILURES - 1; i++) await login('dave@example.com', 'Wrong1234');
    expect((await login('dave@example.com', TEST_PASSWORD)).code).toBe(200);
  });

  it('[SAFE-9] parallel guesses from one address cannot pass the limit while the hashes run', async () => {
    await h.signUp('erin@example.com');
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => login('erin@example.com', 'Wrong1234', '10.1.0.1')),
    );
    const incorrect = replies.filter((r) => r.msg === WRONG).length;
    expect(incorrect).toBeLessThanOrEqual(FREE_FAILURES);
    expect((await login('erin@example.com', TEST_PASSWORD, '10.1.0.1')).msg).toMatch(/^Too many failed attempts/);
    expect((await login('erin@example.com', TEST_PASSWORD, '10.1.0.2')).code).toBe(200);
  });
});

describe('[SAFE-9] an attempt cut off is not a failure', () => {
  it('a sign-in whose client disconnects before the compare ends is not counted', async () => {
    await h.signUp('frank@example.com');
    // Hold the compare until the test has cut the client off (the hasher is the identity's injected part).
    const hasher = h.acc.hasher;
    const original = hasher.verify.bind(hasher);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const verifying = new Promise<void>((r) => (started = r));
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    hasher.verify = async (p, s) => {
      started();
      await gate;
      try {
        return await original(p, s);
      } finally {
        setImmediate(done);
      }
    };
    let closed!: () => void;
    const serverSideClosed = new Promise<void>((r) => (closed = r));
    h.app.server.once('connection', (sock: Socket) => sock.once('close', () => closed()));
    try {
      const body = JSON.stringify({ account: 'frank@example.com', password: 'Wrong1234' });
      const req = request({
        host: '127.0.0.1',
        port: h.port,
        method: 'POST',
        path: userApi.login.path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('error', () => undefined);
      req.end(body);
      await verifying;
      req.destroy();
      // The server sees the socket close before the compare ends.
      await serverSideClosed;
      release();
      await finished;
    } finally {
      hasher.verify = original;
    }
    expect(h.acc.db.prepare('SELECT COUNT(*) AS n FROM login_failures').get()).toEqual({ n: 0 });
    // A finished wrong compare is counted (the same path, connected).
    expect((await login('frank@example.com', 'Wrong1234')).msg).toBe(WRONG);
    expect(h.acc.db.prepare("SELECT COUNT(*) AS n FROM login_failures WHERE scope = 'pair'").get()).toEqual({ n: 1 });
  });
});
