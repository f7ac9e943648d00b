import { beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { startIdentityServer, TEST_PASSWORD } from '../testing/harness';
import { serverForFile } from '../testing/fixtures';
import { DEMO } from './demo';
import { hashesDuring } from './testHashes';

const h = serverForFile({}, () => startIdentityServer());
beforeEach(() => h.reset());

const reg = (body: Record<string, unknown>) => h.call(userApi.register, { body: body as never });
const emailCode = async (email: string) => {
  await h.call(userApi.sendEmailCode, { query: { codeType: 'register', email } });
  return (await h.outbox(email))[0].code;
};

describe('[spec 3.3 LOGIN_REGIS_SETTING] registration modes', () => {
  it('email mode needs the email code when emailCode is on', async () => {
    expect((await reg({ type: 'email', email: 'r1@example.com', password: 'Right1234-Quartz' })).msg).toBe(
      'Enter the email code',
    );
    const r = await reg({
      type: 'email',
      email: 'r1@example.com',
      password: 'Right1234-Quartz',
      emailCode: await emailCode('r1@example.com'),
    });
    expect(r.code).toBe(200);
  });

  it('email mode without emailCode needs no code; the same email cannot register twice (any case)', async () => {
    h.settings.set({ emailCode: false });
    expect((await reg({ type: 'email', email: 'r2@example.com', password: 'Right1234-Quartz' })).code).toBe(200);
    expect((await reg({ type: 'email', email: 'R2@Example.com', password: 'Right1234-Quartz' })).msg).toBe(
      'This email is already registered',
    );
  });

  it('phone mode, with phoneCode on, needs an SMS code', async () => {
    h.settings.set({ phoneCode: true });
    expect((await reg({ type: 'phone', phone: '+447700900123', password: 'Right1234-Quartz' })).msg).toBe(
      'Enter the SMS code',
    );
    await h.call(userApi.sendMobileCode, { query: { codeType: 'register', phone: '+447700900123' } });
    const code = (await h.outbox('+447700900123'))[0].code;
    const r = await reg({ type: 'phone', phone: '+447700900123', password: 'Right1234-Quartz', phoneCode: code });
    expect(r.code).toBe(200);
    expect(
      (await h.call(userApi.login, { body: { account: '+447700900123', password: 'Right1234-Quartz' } })).code,
    ).toBe(200);
  });

  it('ordinary account mode; with accountCode on it needs an email and its code', async () => {
    expect((await reg({ type: 'account', account: 'trader_one', password: 'Right1234-Quartz' })).code).toBe(200);
    expect((await h.call(userApi.login, { body: { account: 'TRADER_ONE', password: 'Right1234-Quartz' } })).code).toBe(
      200,
    );
    h.settings.set({ accountCode: true });
    expect((await reg({ type: 'account', account: 'trader_two', password: 'Right1234-Quartz' })).msg).toBe(
      'Enter your email for the verification code',
    );
    const r = await reg({
      type: 'account',
      account: 'trader_two',
      password: 'Right1234-Quartz',
      email: 'r3@example.com',
      emailCode: await emailCode('r3@example.com'),
    });
    expect(r.code).toBe(200);
    expect((await h.call(userApi.getInfo, { token: r.data.satoken })).data.email).toBe('r3@example.com');
  });

  it('a closed mode is refused; walletOnly leaves only the wallet address mode', async () => {
    h.settings.set({ phoneIsOpen: false, addressIsOpen: true });
    expect((await reg({ type: 'phone', phone: '+447700900124', password: 'Right1234-Quartz' })).msg).toBe(
      'Registration by phone is closed',
    );
    h.settings.set({ walletOnly: true });
    expect((await reg({ type: 'account', account: 'trader_three', password: 'Right1234-Quartz' })).msg).toBe(
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
    expect((await reg({ type: 'email', email: 'r4@example.com', password: 'Right1234-Quartz' })).msg).toBe(
      'An invite code is required',
    );
    expect(
      (await reg({ type: 'email', email: 'r4@example.com', password: 'Right1234-Quartz', inviteCode: 'NOPE1234' })).msg,
    ).toBe('Invite code not found');
    const demo = (await h.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } })).data
      .satoken;
    const code = (await h.call(userApi.getInfo, { token: demo })).data.inviteCode;
    expect(
      (await reg({ type: 'email', email: 'r4@example.com', password: 'Right1234-Quartz', inviteCode: code })).code,
    ).toBe(200);
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
    expect(
      (await reg({ type: 'email', email: 'r6@example.com', password: 'Right1234-Quartz', emailCode: code })).code,
    ).toBe(0);
    h.settings.set({ inviteCodeRequired: false });
    expect(
      (await reg({ type: 'email', email: 'r6@example.com', password: 'Right1234-Quartz', emailCode: code })).code,
    ).toBe(200);
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

describe('[SAFE-10] register and registration codes answer the same for a taken and a free address', () => {
  /** The whole raw reply (status, headers that matter, body) of sending a code. */
  const sendRaw = async (path: string, query: string, ip: string) => {
    const r = await h.app.inject({ method: 'POST', url: `${path}?${query}`, remoteAddress: ip });
    return { status: r.statusCode, retryAfter: r.headers['retry-after'], body: r.json() };
  };

  it('sendEmailCode(register) and (bind): the same reply; the owner gets a notice, not a code', async () => {
    await h.signUp('taken@example.com');
    for (const codeType of ['register', 'bind']) {
      h.clock.advance(60_000);
      /** A code sent to the taken address, then to the free one, from one IP. */
      const both = async () => {
        const replies = [];
        for (const who of ['taken', 'free'])
          replies.push(
            await sendRaw(userApi.sendEmailCode.path, `codeType=${codeType}&email=${who}%40example.com`, '10.3.0.1'),
          );
        return replies;
      };
      const [taken, free] = await both();
      expect(taken).toEqual(free);
      expect(taken.status).toBe(200);
      // The same limits too: at once again, both are refused the same way.
      const [taken2, free2] = await both();
      expect(taken2).toEqual(free2);
      expect(taken2.status).toBe(429);
    }
    const notices = h.acc.db
      .prepare(
        "SELECT COUNT(*) AS n FROM verify_codes WHERE address = 'taken@example.com' AND code_hash LIKE 'notice:%'",
      )
      .get();
    expect(notices).toEqual({ n: 2 });
  });

  it('sendMobileCode(register): the same reply for a taken phone and a free one', async () => {
    h.settings.set({ phoneCode: true });
    await h.call(userApi.sendMobileCode, { query: { codeType: 'register', phone: '+447700900200' } });
    const code = (await h.outbox('+447700900200'))[0].code;
    const r = await reg({ type: 'phone', phone: '+447700900200', password: TEST_PASSWORD, phoneCode: code });
    expect(r.code).toBe(200);
    h.clock.advance(60_000);
    const taken = await sendRaw(userApi.sendMobileCode.path, 'codeType=register&phone=%2B447700900200', '10.3.0.2');
    const free = await sendRaw(userApi.sendMobileCode.path, 'codeType=register&phone=%2B447700900201', '10.3.0.2');
    expect(taken).toEqual(free);
    expect(taken.status).toBe(200);
  });

  it('register with a taken email fails exactly like a wrong code for a free one (and the password is hashed)', async () => {
    await h.signUp('owner2@example.com');
    h.clock.advance(60_000);
    await h.call(userApi.sendEmailCode, { query: { codeType: 'register', email: 'owner2@example.com' } });
    await h.call(userApi.sendEmailCode, { query: { codeType: 'register', email: 'fresh2@example.com' } });
    const freeCode = (await h.outbox('fresh2@example.com'))[0].code;
    const wrongForFree = freeCode === '123456' ? '654321' : '123456';
    const body = (email: string) => ({ type: 'email', email, password: TEST_PASSWORD, emailCode: wrongForFree });
    const raw = async (email: string) => {
      const res = await h.app.inject({ method: 'POST', url: userApi.register.path, payload: body(email) });
      return { status: res.statusCode, body: res.json() };
    };
    const taken = await raw('owner2@example.com');
    const free = await raw('fresh2@example.com');
    expect(taken).toEqual(free);
    expect(taken.body.msg).toBe('The verification code is invalid or expired');
  });

  it('a code proven taken address: register hashes the password and fails as a wrong code', async () => {
    // The code was sent while the address was free; the address was taken since (by binding).
    await h.call(userApi.sendEmailCode, { query: { codeType: 'register', email: 'late@example.com' } });
    const code = (await h.outbox('late@example.com'))[0].code;
    await h.signUp('someone@example.com');
    h.acc.db.prepare("UPDATE users SET email = 'late@example.com' WHERE email = 'someone@example.com'").run();
    const hashed = await hashesDuring(h.acc, async () => {
      const r = await reg({ type: 'email', email: 'late@example.com', password: TEST_PASSWORD, emailCode: code });
      expect(r.msg).toBe('The verification code is invalid or expired');
    });
    expect(hashed).toBe(1);
  });

  it('[Decision] modes without a code (account name, email while codes are off) name the taken identifier', async () => {
    expect((await reg({ type: 'account', account: 'handle_one', password: TEST_PASSWORD })).code).toBe(200);
    expect((await reg({ type: 'account', account: 'handle_one', password: TEST_PASSWORD })).msg).toBe(
      'This account name is already registered',
    );
  });
});

describe('[SAFE-11] the password rule on the server', () => {
  it.each([
    ['password1', 'This password is too common; choose one that is not on lists of common passwords'],
    ['qwerty123', 'This password is too common; choose one that is not on lists of common passwords'],
    ['Password1', 'This password is too common; choose one that is not on lists of common passwords'],
  ])('register refuses %s with the reason, and nothing is stored', async (password, reason) => {
    h.settings.set({ emailCode: false });
    const r = await reg({ type: 'email', email: 'weak@example.com', password });
    expect(r).toEqual({ code: 0, msg: reason, data: null });
    expect(h.acc.users.byEmail('weak@example.com')).toBeUndefined();
  });

  it('backPwd and both password changes refuse a weak new password', async () => {
    const t = await h.signUp('w@example.com');
    const me = (await h.call(userApi.getInfo, { token: t })).data;
    const reason = /^This password is too common/;
    expect(
      (
        await h.call(userApi.updateUserLoginPwd, {
          token: t,
          query: { oldPwd: TEST_PASSWORD, newPwd: 'qwerty123', userId: me.id },
        })
      ).msg,
    ).toMatch(reason);
    expect(
      (
        await h.call(userApi.updatePwd, {
          token: t,
          query: { oldPwd: TEST_PASSWORD, newPwd: 'Password1', signType: '1' },
        })
      ).msg,
    ).toMatch(reason);
    h.clock.advance(60_000);
    await h.call(userApi.sendEmailCode, { query: { codeType: 'backPwd', email: 'w@example.com' } });
    const code = (await h.outbox('w@example.com'))[0].code;
    expect(
      (await h.call(userApi.backPwd, { query: { email: 'w@example.com', newPwd: 'password1', emailCode: code } })).msg,
    ).toMatch(reason);
    // The code was not used up by the refused reset, and the old password still works.
    expect((await h.call(userApi.login, { body: { account: 'w@example.com', password: TEST_PASSWORD } })).code).toBe(
      200,
    );
    expect(
      (await h.call(userApi.backPwd, { query: { email: 'w@example.com', newPwd: 'Zebra-Violin-42', emailCode: code } }))
        .code,
    ).toBe(200);
  });

  it('a password made of the account name is refused as personal', async () => {
    expect((await reg({ type: 'account', account: 'zanzibar_king', password: 'zanzibar_king1' })).msg).toBe(
      'This password contains your account, email or phone; choose another one',
    );
  });
});
