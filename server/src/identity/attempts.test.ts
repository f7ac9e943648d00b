import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { FAILURE_WINDOW_MS, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_IP } from './attempts';
import { startIdentityServer, type TestServer } from '../testing/harness';

let h: TestServer;
beforeAll(async () => {
  h = await startIdentityServer();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const login = (account: string, password: string, ip = '10.0.0.1') =>
  h.call(userApi.login, { body: { account, password }, ip });

describe('[AUTH-3] sign-in failure limits', () => {
  it('[spec 8] an unknown account and a wrong password get the same reply', async () => {
    await h.signUp('alice@example.com', 'Right1234');
    const wrong = await login('alice@example.com', 'Wrong1234');
    const unknown = await login('nobody@example.com', 'Wrong1234');
    expect(wrong.code).toBe(0);
    expect(wrong).toEqual(unknown);
    expect(wrong.msg).toBe('Account or password is incorrect');
  });

  it(`after ${MAX_FAILURES_PER_ACCOUNT} failures on one account even the right password is refused with a clear message, until the window passes`, async () => {
    await h.signUp('bob@example.com', 'Right1234');
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      // Different addresses: the account limit alone must stop this.
      expect((await login('bob@example.com', 'Wrong1234', `10.0.1.${i}`)).msg).toBe('Account or password is incorrect');
    }
    const blocked = await login('bob@example.com', 'Right1234', '10.0.2.1');
    expect(blocked.code).toBe(0);
    expect(blocked.msg).toBe('Too many failed attempts, try again in 15 minutes');
    // Case and spaces do not make a new account key.
    expect((await login('  BOB@example.com ', 'Right1234', '10.0.2.2')).msg).toMatch(/^Too many failed attempts/);
    h.clock.advance(FAILURE_WINDOW_MS);
    const ok = await login('bob@example.com', 'Right1234', '10.0.2.3');
    expect(ok.code).toBe(200);
  });

  it('the count is per account whichever identifier is typed (account name, email)', async () => {
    h.settings.set({ accountCode: true });
    await h.call(userApi.sendEmailCode, { query: { codeType: 'register', email: 'alias@example.com' } });
    const code = (await h.outbox('alias@example.com'))[0].code;
    const r = await h.call(userApi.register, {
      body: {
        type: 'account',
        account: 'aliasuser',
        password: 'Right1234',
        email: 'alias@example.com',
        emailCode: code,
      },
    });
    expect(r.code).toBe(200);
    for (let i = 0; i < 3; i++) await login('aliasuser', 'Wrong1234', `10.0.5.${i}`);
    for (let i = 0; i < 2; i++) await login('alias@example.com', 'Wrong1234', `10.0.6.${i}`);
    expect((await login('aliasuser', 'Right1234', '10.0.7.1')).msg).toMatch(/^Too many failed attempts/);
  });

  it('unknown accounts are limited the same way (the limit does not reveal which accounts exist)', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) await login('ghost@example.com', 'Wrong1234', `10.0.3.${i}`);
    expect((await login('ghost@example.com', 'Wrong1234', '10.0.4.1')).msg).toMatch(/^Too many failed attempts/);
  });

  it(`after ${MAX_FAILURES_PER_IP} failures from one address, that address is refused for any account; others are not`, async () => {
    await h.signUp('carol@example.com', 'Right1234');
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) await login(`guess${i}@example.com`, 'Wrong1234', '10.9.9.9');
    const blocked = await login('carol@example.com', 'Right1234', '10.9.9.9');
    expect(blocked.msg).toMatch(/^Too many failed attempts, try again in \d+ minutes?$/);
    expect((await login('carol@example.com', 'Right1234', '10.9.9.10')).code).toBe(200);
  });

  it('a success clears the account count', async () => {
    await h.signUp('dave@example.com', 'Right1234');
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i++) await login('dave@example.com', 'Wrong1234');
    expect((await login('dave@example.com', 'Right1234')).code).toBe(200);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i++) await login('dave@example.com', 'Wrong1234');
    expect((await login('dave@example.com', 'Right1234')).code).toBe(200);
  });

  it('parallel guesses cannot pass the limit while the hash runs', async () => {
    await h.signUp('erin@example.com', 'Right1234');
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login('erin@example.com', 'Wrong1234', `10.1.0.${i}`)),
    );
    const incorrect = replies.filter((r) => r.msg === 'Account or password is incorrect').length;
    expect(incorrect).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect((await login('erin@example.com', 'Right1234', '10.1.1.1')).msg).toMatch(/^Too many failed attempts/);
  });
});
