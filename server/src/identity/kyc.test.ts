import { beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { uploadTinyPng } from './testImages';
import { serverForFile } from '../testing/fixtures';
import { startIdentityServer } from '../testing/harness';

const h = serverForFile({}, () => startIdentityServer());
beforeEach(() => h.reset());

const upload = (token: string) => uploadTinyPng(h.app, token);

const kyc = (token: string, query: Record<string, unknown>) => h.call(userApi.uploadKYC, { token, query });
const states = async (token: string) => (await h.call(userApi.getInfo, { token })).data.kyc;
const review = (account: string, level: string, state: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/_test/kycReview?account=${encodeURIComponent(account)}&level=${level}&state=${state}`,
  });

async function primary(token: string) {
  return kyc(token, {
    level: 'primary',
    realName: 'Ada Lovelace',
    idCard: 'X1234567',
    frontImg: await upload(token),
    backImg: await upload(token),
  });
}

describe('[spec 3.3 AUTH_LIMIT, 6] identity verification', () => {
  it('a primary verification with images becomes pending, then approved by review', async () => {
    const t = await h.signUp('k1@example.com');
    expect(await states(t)).toEqual({ primary: 'none', senior: 'none' });
    expect((await primary(t)).code).toBe(200);
    expect(await states(t)).toEqual({ primary: 'pending', senior: 'none' });
    expect((await primary(t)).msg).toBe('This verification is already under review');
    expect((await review('k1@example.com', 'primary', 'approved')).json().code).toBe(200);
    expect((await states(t)).primary).toBe('approved');
    expect((await primary(t)).msg).toBe('This verification is already approved');
  });

  it('a rejected level can be submitted again', async () => {
    const t = await h.signUp('k2@example.com');
    await primary(t);
    await review('k2@example.com', 'primary', 'rejected');
    expect((await states(t)).primary).toBe('rejected');
    expect((await primary(t)).code).toBe(200);
    expect((await states(t)).primary).toBe('pending');
  });

  it('senior needs primary submitted first, and a photo holding the document', async () => {
    const t = await h.signUp('k3@example.com');
    const hand = await upload(t);
    expect((await kyc(t, { level: 'senior', handImg: hand })).msg).toBe('Submit the primary verification first');
    await primary(t);
    expect((await kyc(t, { level: 'senior' })).msg).toBe('handImg: Upload a photo of you holding your document');
    expect((await kyc(t, { level: 'senior', handImg: hand })).code).toBe(200);
    expect(await states(t)).toEqual({ primary: 'pending', senior: 'pending' });
  });

  it('with primary closed (the built-in default of spec 9.3), senior can be submitted on its own', async () => {
    const t = await h.signUp('k6@example.com');
    h.settings.set({}, { isOpenPrimary: false, isOpenSenior: true });
    expect((await kyc(t, { level: 'senior', handImg: await upload(t) })).code).toBe(200);
    expect(await states(t)).toEqual({ primary: 'none', senior: 'pending' });
  });

  it('each level obeys its AUTH_LIMIT switch', async () => {
    const t = await h.signUp('k4@example.com');
    h.settings.set({}, { isOpenPrimary: false });
    expect((await primary(t)).msg).toBe('Primary verification is not open');
    h.settings.set({}, { isOpenPrimary: true, isOpenSenior: false });
    expect((await primary(t)).code).toBe(200);
    expect((await kyc(t, { level: 'senior', handImg: await upload(t) })).msg).toBe('Advanced verification is not open');
  });

  it('missing fields and non-upload URLs get clear messages and nothing is stored', async () => {
    const t = await h.signUp('k5@example.com');
    expect(
      (await kyc(t, { level: 'primary', realName: 'Ada Lovelace', idCard: 'X1234567', frontImg: await upload(t) })).msg,
    ).toBe('backImg: Upload the back of your document');
    const r = await kyc(t, {
      level: 'primary',
      realName: 'Ada',
      idCard: 'X1',
      frontImg: 'https://evil.example/x.png',
      backImg: await upload(t),
    });
    expect(r.code).toBe(0);
    expect(r.msg).toMatch(/^Invalid query: (idCard|frontImg): /);
    expect((await kyc(t, { level: 'tertiary' })).msg).toMatch(/^Invalid query: level: /);
    expect((await states(t)).primary).toBe('none');
  });
});
