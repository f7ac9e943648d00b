import { describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { serverForFile } from '../testing/fixtures';
import { startIdentityServer } from '../testing/harness';
import { DEMO } from './demo';

const h = serverForFile({}, () => startIdentityServer());

describe('[spec 7.1] accounts smoke', () => {
  it('[spec 3.6] the demo user signs in and getInfo returns profile and assets', async () => {
    const r = await h.call(userApi.login, { body: { account: DEMO.account, password: DEMO.password } });
    expect(r.code).toBe(200);
    const info = await h.call(userApi.getInfo, { token: r.data.satoken });
    expect(info.code).toBe(200);
    expect(info.data.email).toBe(DEMO.account);
    expect(info.data.asset.find((a) => a.coin === 'BTC')?.available).toBe('0.5');
  });
  it('[spec 7.1] register by email with a code, then getInfo', async () => {
    const t = await h.signUp('new@example.com');
    const info = await h.call(userApi.getInfo, { token: t });
    expect(info.data.email).toBe('new@example.com');
    expect(info.data.kyc).toEqual({ primary: 'none', senior: 'none' });
  });
});

describe('[spec 7.1] every call is served', () => {
  it('each endpoint of userApi answers with the envelope (auth ones ask for a token)', async () => {
    for (const [key, e] of Object.entries(userApi)) {
      const res = await h.app.inject({
        method: e.method,
        url: e.path,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, key).toBe(200);
      const body = res.json();
      expect(typeof body.code, key).toBe('number');
      if (e.auth && e.query === undefined && e.body === undefined) expect(body.code, key).toBe(500);
      if (e.auth && e.query === undefined && e.body === undefined) expect(body.msg, key).toContain('Token');
    }
  });
});
