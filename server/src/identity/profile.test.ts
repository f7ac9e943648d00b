import { beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { serverForFile } from '../testing/fixtures';
import { startIdentityServer } from '../testing/harness';

const h = serverForFile({}, () => startIdentityServer());
let t: string;
beforeEach(async () => {
  await h.reset();
  t = await h.signUp('p@example.com', 'Right1234-Quartz');
});

const info = async () => (await h.call(userApi.getInfo, { token: t })).data;

describe('[spec 7.1] passwords', () => {
  it('tardPwdSet sets the 6-digit trade password once; a second set is refused', async () => {
    expect((await info()).hasTradePwd).toBe(false);
    expect((await h.call(userApi.tardPwdSet, { token: t, query: { pwd: '12345' } })).msg).toBe(
      'Invalid query: pwd: Trade password must be 6 digits',
    );
    expect((await h.call(userApi.tardPwdSet, { token: t, query: { pwd: '135790' } })).code).toBe(200);
    expect((await info()).hasTradePwd).toBe(true);
    expect((await h.call(userApi.tardPwdSet, { token: t, query: { pwd: '246801' } })).msg).toBe(
      'A trade password is already set; change it instead',
    );
  });

  it('updatePwd signType 2 changes the trade password after checking the old one; the trade hash is separate from the login hash', async () => {
    expect(
      (await h.call(userApi.updatePwd, { token: t, query: { oldPwd: '135790', newPwd: '246801', signType: '2' } })).msg,
    ).toBe('Set a trade password first');
    await h.call(userApi.tardPwdSet, { token: t, query: { pwd: '135790' } });
    expect(
      (await h.call(userApi.updatePwd, { token: t, query: { oldPwd: '000000', newPwd: '246801', signType: '2' } })).msg,
    ).toBe('The old password is incorrect');
    expect(
      (await h.call(userApi.updatePwd, { token: t, query: { oldPwd: '135790', newPwd: 'abc', signType: 2 } })).msg,
    ).toBe('Trade password must be 6 digits');
    expect(
      (await h.call(userApi.updatePwd, { token: t, query: { oldPwd: '135790', newPwd: '246801', signType: 2 } })).code,
    ).toBe(200);
    const row = h.acc.db.prepare('SELECT pwd_hash, trade_pwd_hash FROM users WHERE email = ?').get('p@example.com') as {
      pwd_hash: string;
      trade_pwd_hash: string;
    };
    expect(row.pwd_hash).toMatch(/^scrypt\$/);
    expect(row.trade_pwd_hash).toMatch(/^scrypt\$/);
    expect(row.trade_pwd_hash).not.toContain('246801');
  });

  it('updatePwd signType 1 changes the login password under the login rules', async () => {
    const change = (newPwd: string) =>
      h.call(userApi.updatePwd, { token: t, query: { oldPwd: 'Right1234-Quartz', newPwd, signType: '1' } });
    expect((await change('weak')).msg).toBe('Password must be 8 to 64 characters with letters and digits');
    expect((await change('Right1234-Quartz')).msg).toBe('The new password must differ from the old one');
    expect((await change('Better1234-Quartz')).code).toBe(200);
    expect(
      (await h.call(userApi.login, { body: { account: 'p@example.com', password: 'Better1234-Quartz' } })).code,
    ).toBe(200);
  });

  it('guessing the old password is limited like sign-in', async () => {
    const me = await info();
    let last = '';
    for (let i = 0; i < 6; i++) {
      last = (
        await h.call(userApi.updateUserLoginPwd, {
          token: t,
          query: { oldPwd: `Guess${i}123`, newPwd: 'Better1234-Quartz', userId: me.id },
        })
      ).msg;
    }
    expect(last).toMatch(/^Too many failed attempts/);
  });

  it('backPwd resets a forgotten password with an email code and ends every session', async () => {
    h.clock.advance(60_000); // one code per minute per address: the sign-up code was just sent
    expect((await h.call(userApi.sendEmailCode, { query: { codeType: 'backPwd', email: 'p@example.com' } })).code).toBe(
      200,
    );
    const code = (await h.outbox('p@example.com'))[0].code;
    expect(
      (
        await h.call(userApi.backPwd, {
          query: { email: 'p@example.com', newPwd: 'Reset1234-Quartz', emailCode: code },
        })
      ).code,
    ).toBe(200);
    expect((await h.call(userApi.getInfo, { token: t })).code).toBe(500);
    expect(
      (await h.call(userApi.login, { body: { account: 'p@example.com', password: 'Reset1234-Quartz' } })).code,
    ).toBe(200);
  });
});

describe('[spec 7.1] email and phone binding', () => {
  it('an account without email binds one with a bind code; an account with one cannot replace it', async () => {
    h.settings.set({ emailCode: false });
    const acct = (
      await h.call(userApi.register, { body: { type: 'account', account: 'plainuser', password: 'Right1234-Quartz' } })
    ).data.satoken;
    await h.call(userApi.sendEmailCode, { query: { codeType: 'bind', email: 'bound@example.com' } });
    const code = (await h.outbox('bound@example.com'))[0].code;
    expect(
      (
        await h.call(userApi.bindEmail, {
          token: acct,
          query: { email: 'bound@example.com', emailCode: '000000' === code ? '111111' : '000000' },
        })
      ).code,
    ).toBe(0);
    expect(
      (await h.call(userApi.bindEmail, { token: acct, query: { email: 'bound@example.com', emailCode: code } })).code,
    ).toBe(200);
    expect((await h.call(userApi.getInfo, { token: acct })).data.email).toBe('bound@example.com');
    expect(
      (await h.call(userApi.bindEmail, { token: t, query: { email: 'new@example.com', emailCode: code } })).msg,
    ).toBe('Your account already has an email');
  });

  it('a phone that is the only sign-in cannot be unbound', async () => {
    h.settings.set({ phoneCode: false });
    const ph = (
      await h.call(userApi.register, { body: { type: 'phone', phone: '+33612345678', password: 'Right1234-Quartz' } })
    ).data.satoken;
    await h.call(userApi.sendMobileCode, { query: { codeType: 'unbind', phone: '+33612345678' } });
    const code = (await h.outbox('+33612345678'))[0].code;
    expect((await h.call(userApi.unBindPhone, { token: ph, query: { code } })).msg).toBe(
      'The phone is your only sign-in; bind an email first',
    );
    expect((await h.call(userApi.getInfo, { token: ph })).data.phone).toBe('+33612345678');
  });

  it('getCountryCode lists calling codes', async () => {
    const r = await h.call(userApi.getCountryCode);
    expect(r.data.find((c) => c.iso === 'GB')?.code).toBe('+44');
  });
});

describe('[spec 7.1] withdraw addresses', () => {
  it('the list is oldest first and the last entry is the current address in getInfo', async () => {
    await h.call(userApi.updateWithdrawAddress, {
      token: t,
      query: { type: 'USDT-TRC20', address: 'TBbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' },
    });
    h.clock.advance(1000);
    await h.call(userApi.updateWithdrawAddress, {
      token: t,
      query: { type: 'USDT-ERC20', address: '0x' + 'D'.repeat(40) },
    });
    const list = (await h.call(userApi.withdrawAddress, { token: t })).data;
    expect(list.map((x) => x.type)).toEqual(['USDT-TRC20', 'USDT-ERC20']);
    expect((await info()).withdrawAddress).toEqual({ type: 'USDT-ERC20', address: '0x' + 'd'.repeat(40) });
  });

  it('with withdrawAddressCode on, a code sent to the bound email is needed', async () => {
    h.settings.set({ withdrawAddressCode: true });
    const q = { type: 'USDT-TRC20', address: 'TBbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' };
    expect((await h.call(userApi.updateWithdrawAddress, { token: t, query: q })).msg).toBe(
      'code: Enter the verification code',
    );
    h.clock.advance(60_000);
    expect(
      (await h.call(userApi.sendEmailCode, { query: { codeType: 'withdrawAddress', email: 'p@example.com' } })).code,
    ).toBe(200);
    const code = (await h.outbox('p@example.com'))[0].code;
    expect((await h.call(userApi.updateWithdrawAddress, { token: t, query: { ...q, code } })).code).toBe(200);
    expect((await h.call(userApi.updateWithdrawAddress, { token: t, query: { ...q, code } })).code).toBe(0);
    expect((await h.call(userApi.withdrawAddress, { token: t })).data).toHaveLength(1);
  });

  it('a bad address gets a clear message and nothing is stored', async () => {
    const r = await h.call(userApi.updateWithdrawAddress, {
      token: t,
      query: { type: 'USDT-TRC20', address: 'short' },
    });
    expect(r.msg).toBe('Invalid query: address: Invalid wallet address');
    expect((await h.call(userApi.withdrawAddress, { token: t })).data).toEqual([]);
  });
});
