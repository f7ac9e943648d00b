import { beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { uploadTinyPng } from './testImages';
import { serverForFile } from '../testing/fixtures';
import { startIdentityServer } from '../testing/harness';

const h = serverForFile({}, () => startIdentityServer());
let a: string;
let b: string;
beforeEach(async () => {
  await h.reset();
  a = await h.signUp('owner@example.com', 'Right1234-Quartz');
  b = await h.signUp('other@example.com', 'Right1234-Quartz');
});

const upload = (token: string) => uploadTinyPng(h.app, token);
const me = async (token: string) => (await h.call(userApi.getInfo, { token })).data;

describe("[AUTH-6] one user cannot read or change another user's data", () => {
  it("B cannot fetch A's upload", async () => {
    const url = await upload(a);
    expect((await h.app.inject({ method: 'GET', url, headers: { satoken: b } })).json().msg).toBe('Not found');
    expect((await h.app.inject({ method: 'GET', url, headers: { satoken: a } })).statusCode).toBe(200);
  });

  it("B cannot submit a verification with A's images", async () => {
    const front = await upload(a);
    const back = await upload(a);
    const r = await h.call(userApi.uploadKYC, {
      token: b,
      query: { level: 'primary', realName: 'Mallory', idCard: 'M1234567', frontImg: front, backImg: back },
    });
    expect(r.code).toBe(0);
    expect(r.msg).toBe('Image not found, please upload it again');
    expect((await me(b)).kyc.primary).toBe('none');
  });

  it("B sees only B's withdraw addresses; getInfo shows each user's own current one", async () => {
    await h.call(userApi.updateWithdrawAddress, {
      token: a,
      query: { type: 'USDT-TRC20', address: 'TAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
    });
    await h.call(userApi.updateWithdrawAddress, {
      token: b,
      query: { type: 'USDT-ERC20', address: '0x' + 'b'.repeat(40) },
    });
    const listA = (await h.call(userApi.withdrawAddress, { token: a })).data;
    const listB = (await h.call(userApi.withdrawAddress, { token: b })).data;
    expect(listA.map((x) => x.address)).toEqual(['TAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa']);
    expect(listB.map((x) => x.address)).toEqual(['0x' + 'b'.repeat(40)]);
    expect((await me(a)).withdrawAddress.address).toBe('TAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
  });

  it("B cannot change A's password by passing A's userId", async () => {
    const idA = (await me(a)).id;
    const r = await h.call(userApi.updateUserLoginPwd, {
      token: b,
      query: { oldPwd: 'Right1234-Quartz', newPwd: 'Hijack123-Quartz', userId: idA },
    });
    expect(r.msg).toBe('You can only change your own password');
    expect(
      (await h.call(userApi.login, { body: { account: 'owner@example.com', password: 'Right1234-Quartz' } })).code,
    ).toBe(200);
  });

  it("B cannot unbind A's phone nor bind A's email", async () => {
    await h.call(userApi.sendMobileCode, { query: { codeType: 'bind', phone: '+4915112345678' } });
    const code = (await h.outbox('+4915112345678'))[0].code;
    expect((await h.call(userApi.bindPhone, { token: a, query: { phone: '+4915112345678', code } })).code).toBe(200);
    h.clock.advance(60_000);
    await h.call(userApi.sendMobileCode, { query: { codeType: 'unbind', phone: '+4915112345678' } });
    const unbind = (await h.outbox('+4915112345678'))[0].code;
    // B has no phone: the code for A's phone does not help.
    expect((await h.call(userApi.unBindPhone, { token: b, query: { code: unbind } })).msg).toBe('No phone is bound');
    expect((await me(a)).phone).toBe('+4915112345678');
    // SAFE-10: asking a bind code for A's email succeeds like for a free one, A gets a notice, B no code.
    const bind = await h.call(userApi.sendEmailCode, { query: { codeType: 'bind', email: 'owner@example.com' } });
    expect(bind.code).toBe(200);
  });

  it('each user gets only their own balances and watchlist', async () => {
    h.acc.db
      .prepare("INSERT INTO user_coins (user_id, coin, symbol, sort) VALUES (?, 'BTC', 'btcusdt', 0)")
      .run((await me(a)).id);
    expect((await h.call(userApi.getUserCoin, { token: a })).data.map((c) => c.coin)).toEqual(['BTC']);
    expect((await h.call(userApi.getUserCoin, { token: b })).data).toEqual([]);
    expect((await me(b)).asset).toEqual([{ coin: 'USDT', account: 'platform', available: '0', frozen: '0' }]);
  });
});
