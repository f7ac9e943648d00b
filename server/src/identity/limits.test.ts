import { beforeEach, describe, expect, it } from 'vitest';
import { userApi } from '../../../src/shared/api/user';
import { startIdentityServer, TEST_PASSWORD } from '../testing/harness';
import { serverForFile } from '../testing/fixtures';
import { REGISTER_BURST, REGISTER_BURST_WINDOW_MS, REGISTER_PER_HOUR } from './limits';
import { HASH_LIMITS, Lane, SCRYPT_N, setHashCostForTests } from './passwords';
import { hashesDuring } from './testHashes';

const h = serverForFile({}, () => startIdentityServer());
beforeEach(() => h.reset());

/** A register call by account name (no code needed) from `ip`: the raw status, Retry-After and body. */
const register = async (account: string, ip: string, password = TEST_PASSWORD) => {
  const r = await h.app.inject({
    method: 'POST',
    url: userApi.register.path,
    payload: { type: 'account', account, password },
    remoteAddress: ip,
  });
  return { status: r.statusCode, retryAfter: r.headers['retry-after'], body: r.json() };
};

describe('[SAFE-7] registrations per client address', () => {
  it(`a burst of ${REGISTER_BURST}, then 429 with Retry-After until the burst window frees; ${REGISTER_PER_HOUR} an hour`, async () => {
    for (let i = 0; i < REGISTER_BURST; i++) expect((await register(`burst_${i}`, '10.20.0.1')).status).toBe(200);
    const over = await register('burst_x', '10.20.0.1');
    expect(over.status).toBe(429);
    expect(over.retryAfter).toBe(String(REGISTER_BURST_WINDOW_MS / 1000));
    expect(over.body).toEqual({
      code: 0,
      msg: 'Too many registrations from this address, try again in 10 minutes',
      data: null,
    });
    expect(h.acc.users.byLogin('burst_x')).toBeUndefined();
    // Another address is not concerned.
    expect((await register('other_addr', '10.20.0.2')).status).toBe(200);
    h.clock.advance(REGISTER_BURST_WINDOW_MS);
    for (let i = REGISTER_BURST; i < REGISTER_PER_HOUR; i++)
      expect((await register(`burst_${i}`, '10.20.0.1')).status).toBe(200);
    const hourly = await register('burst_y', '10.20.0.1');
    expect(hourly.status).toBe(429);
    expect(Number(hourly.retryAfter)).toBe(3600 - REGISTER_BURST_WINDOW_MS / 1000);
  });

  it('the limit is checked before the password is hashed', async () => {
    for (let i = 0; i < REGISTER_BURST; i++) await register(`pre_${i}`, '10.21.0.1');
    const hashed = await hashesDuring(h.acc, async () => {
      expect((await register('pre_x', '10.21.0.1')).status).toBe(429);
    });
    expect(hashed).toBe(0);
  });
});

describe('[SAFE-8] bounded password hashing', () => {
  it('a lane runs at most `running` tasks, queues `queue` more in order, and refuses the rest at once', async () => {
    const lane = new Lane(2, 1, () => new Error('busy'));
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        releases.push(() => resolve(n));
      });
    const a = lane.run(task(1));
    const b = lane.run(task(2));
    const c = lane.run(task(3));
    await expect(lane.run(task(4))).rejects.toThrow('busy');
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(lane.load()).toEqual({ active: 2, waiting: 1 });
    releases[0]();
    expect(await a).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([1, 2, 3]);
    releases[1]();
    releases[2]();
    expect([await b, await c]).toEqual([2, 3]);
    expect(lane.load()).toEqual({ active: 0, waiting: 0 });
  });

  it('a failing task frees its slot', async () => {
    const lane = new Lane(1, 0, () => new Error('busy'));
    await expect(lane.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lane.run(() => Promise.resolve(7))).toBe(7);
  });

  it('a 60-request sign-up burst: each reply a success or a 429 with Retry-After, and another client signs in before the burst’s accepted sign-ups are through', async () => {
    await h.signUp('steady@example.com');
    // The burst's hashes at the server's cost (the unit tests' setup lowers it), so that it fills the hash lane;
    // the steady client's password was hashed before, at the test cost.
    const testCost = setHashCostForTests(SCRYPT_N);
    try {
      await burstWhileSigningIn();
    } finally {
      setHashCostForTests(testCost);
    }
  });
});

async function burstWhileSigningIn(): Promise<void> {
  const base = `http://127.0.0.1:${h.port}`;
  // The order replies arrive in: a sign-in that waited behind the hash lane would come after every accepted sign-up.
  const finished: string[] = [];
  const burst = Array.from({ length: 60 }, (_, i) =>
    register(`flood_${i}`, `10.60.${i >> 8}.${i & 255}`).then((r) => {
      finished.push(r.status === 200 ? 'accepted' : 'refused');
      return r;
    }),
  );
  // Let the burst reach the server before the sign-in starts.
  await new Promise((r) => setImmediate(r));
  const res = await fetch(`${base}${userApi.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'steady@example.com', password: TEST_PASSWORD }),
  });
  const signIn = (await res.json()) as { code: number };
  finished.push('sign-in');
  const replies = await Promise.all(burst);
  expect(signIn.code).toBe(200);
  expect(finished.lastIndexOf('accepted')).toBeGreaterThan(finished.indexOf('sign-in'));
  for (const r of replies) {
    if (r.status === 200) expect(r.body.code).toBe(200);
    else {
      expect(r.status).toBe(429);
      expect(r.retryAfter).toBe(String(HASH_LIMITS.retryAfterSeconds));
      expect(r.body.msg).toBe('The server is busy, please try again in a moment');
    }
  }
  // The queue is short: most of the burst was answered "try again" at once.
  expect(replies.filter((r) => r.status === 429).length).toBeGreaterThan(0);
}
