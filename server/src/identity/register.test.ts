import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { startIdentityServer, type TestServer } from '../testing/harness';
import { DEMO } from './demo';

let h: TestServer;
beforeAll(async () => {
  h = await startIdentityServer();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const reg = (body: Record<string, unknown>) => h.call(userApi.register, { body: body as never });
const emailCode = async (email: string) => {
  await h.call(userApi.sendEmailCode, { query: { codeType: 'register', email } });
  return (await h.outbox(email))[0].code;
};

describe('[spec 3.3 LOGIN_REGIS_SETTING] registration modes', () => {
  it('email mode needs the email code when emailCode is on', async () => {
    expect((await reg({ type: 'email', email: 'r1@example.com', password: 'Right1234' })).msg).toBe(
      'Enter the email code',
    );
    const r = await reg({
      type: 'email',
      email: 'r1@example.com',
      password: 'Right1234',
      emailCode: await emailCode('r1@example.com'),
    });
    expect(r.code).toBe(200);
  });

  it('email mode without emailCode needs no code; the same email cannot register twice (any case)', async () => {
    h.settings.set({ emailCode: false });
    expect((await reg({ type: 'email', email: 'r2@example.com', password: 'Right1234' })).code).toBe(200);
    expect((await reg({ type: 'email', email: 'R2@Example.com', password: 'Right1234' })).msg).toBe(
      'This email is already registered',
    );
  });

  it('phone mode, with phoneCode on, needs an SMS code', async () => {
    h.settings.set({ phoneCode: true });
    expect((await reg({ type: 'phone', phone: '+447700900123', password: 'Right1234' })).msg).toBe(
      'Enter the SMS code',
    );
    await h.call(userApi.sendMobileCode, { query: { codeType: 'register', phone: '+447700900123' } });
    const code = (await h.outbox('+447700900123'))[0].code;
    const r = await reg({ type: 'phone', phone: '+447700900123', password: 'Right1234', phoneCode: code });
    expect(r.code).toBe(200);
    expect((await h.call(userApi.login, { body: { account: '+447700900123', password: 'Right1234' } })).code).toBe(200);
  });

  it('ordinary account mode; with accountCode on it needs an email and its code', async () => {
    expect((await reg({ type: 'account', account: 'trader_one', password: 'Right1234' })).code).toBe(200);
    expect((await h.call(userApi.login, { body: { account: 'TRADER_ONE', password: 'Right1234' } })).code).toBe(200);
    h.settings.set({ accountCode: true });
    expect((await reg({ type: 'account', account: 'trader_two', password: 'Right1234' })).msg).toBe(
      'Enter your email for the verification code',
    );
    const r = await reg({
      type: 'account',
      account: 'trader_two',
      password: 'Right1234',
      email: 'r3@example.com',
      emailCode: await emailCode('r3@example.com'),
    });
    expect(r.code).toBe(200);
    expect((await h.call(userApi.getInfo, { token: r.data.satoken })).data.email).toBe('r3@example.com');
  });

  it('a closed mode is refused; walletOnly leaves only the wallet address mode', async () => {
    h.settings.set({ phoneIsOpen: false, addressIsOpen: true });
    expect((await reg({ type: 'phone', phone: '+447700900124', password: 'Right1234' })).msg).toBe(
      'Registration by phone is closed',
    );
    h.settings.set({ walletOnly: true });
    expect((await reg({ type: 'account', account: 'trader_three', password: 'Right1234' })).msg).toBe(
      'Only wallet address registration is open',
    );
    const r = await reg({ type: 'address', address: '0x' + 'a'.repeat(40) });
    expect(r.code).toBe(200);
    expect((await h.call(userApi.getInfo, { token: r.data.satoken })).data).toMatchObject({
      registerType: 'address',
      hasLoginPwd: false,
    });
  });

  it('inviteCodeRequired: no code or an unknown code is refused; a real invite code links the inviter', async () => {
    h.settings.set({ inviteCodeRequired: true, emailCode: false });
    expect((await reg({ type: 'email', email: 'r4@example.com', password: 'Right1234' })).msg).toBe(
      'An invite code is required',
    );
    expect(
      (await reg({ type: 'email', email: 'r4@example.com', password: 'Right1234', inviteCode: 'NOPE1234' })).msg,
    ).toBe('Invite code not found');
    const demo = (await h.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } })).data
      .satoken;
    const code = (await h.call(userApi.getInfo, { token: demo })).data.inviteCode;
    expect((await reg({ type: 'email', email: 'r4@example.com', password: 'Right1234', inviteCode: code })).code).toBe(
      200,
    );
    const row = h.acc.db.prepare('SELECT invited_by FROM users WHERE email = ?').get('r4@example.com') as {
      invited_by: number;
    };
    expect(row.invited_by).toBe((await h.call(userApi.getInfo, { token: demo })).data.id);
  });

  it('a weak password is refused with the rule, and nothing is stored', async () => {
    h.settings.set({ emailCode: false });
    const r = await reg({ type: 'email', email: 'r5@example.com', password: 'short' });
    expect(r.msg).toBe('Invalid body: password: Password must be 8 to 64 characters with letters and digits');
    expect(h.acc.users.byEmail('r5@example.com')).toBeUndefined();
  });

  it('a code is not used up when registration fails for another reason', async () => {
    const code = await emailCode('r6@example.com');
    h.settings.set({ inviteCodeRequired: true });
    expect((await reg({ type: 'email', email: 'r6@example.com', password: 'Right1234', emailCode: code })).code).toBe(
      0,
    );
    h.settings.set({ inviteCodeRequired: false });
    expect((await reg({ type: 'email', email: 'r6@example.com', password: 'Right1234', emailCode: code })).code).toBe(
      200,
    );
  });
});

describe('[spec 4.2] automatic login by wallet address', () => {
  const addr = '0x' + 'c'.repeat(40);
  it('is refused while autoLogin is off', async () => {
    expect((await h.call(userApi.addressLogin, { body: { address: addr } })).msg).toBe('Automatic login is off');
  });
  it('signs in (creating the account when address registration is open) and returns a new satoken each time', async () => {
    h.settings.set({ autoLogin: true, addressIsOpen: true });
    const a = await h.call(userApi.addressLogin, { body: { address: addr, platform: 'trustwallet' } });
    const b = await h.call(userApi.addressLogin, { body: { address: addr.toUpperCase().replace('0X', '0x') } });
    expect(a.code).toBe(200);
    expect(b.code).toBe(200);
    expect(a.data.satoken).not.toBe(b.data.satoken);
    expect((await h.call(userApi.getInfo, { token: a.data.satoken })).data.id).toBe(
      (await h.call(userApi.getInfo, { token: b.data.satoken })).data.id,
    );
  });
  it('with address registration closed an unknown address is told to register', async () => {
    h.settings.set({ autoLogin: true, addressIsOpen: false });
    expect((await h.call(userApi.addressLogin, { body: { address: addr } })).msg).toBe(
      'No account for this wallet address, please register',
    );
  });
});
