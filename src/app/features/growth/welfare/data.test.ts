import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rewardsApi } from '../../../../shared/api/rewards';
import { claimWelfare } from './data';
import { memoryStorage } from '../../../state/testing/memoryStorage';

/** The one client, replaced: the first claims time out (a lost reply), then the server answers. */
const server = vi.hoisted(() => ({ keys: [] as string[], failures: 0, balances: 0 }));
vi.mock('../../../api/client', async (orig) => {
  const real = await orig<typeof import('../../../api/client')>();
  return {
    ...real,
    call: vi.fn((endpoint: unknown, input: { idempotencyKey?: string; body?: { task: string } } = {}) => {
      if (endpoint !== rewardsApi.welfareClaim) return Promise.reject(new Error('unexpected call'));
      server.keys.push(input.idempotencyKey ?? '');
      if (server.failures > 0) {
        server.failures--;
        return Promise.reject(new real.ApiError('timeout', 'timed out'));
      }
      return Promise.resolve({ task: input.body!.task, coin: 'USDT', amount: '10', bonusId: 'W1' });
    }),
  };
});
vi.mock('../../../market/hooks', () => ({ useLiveAccount: () => undefined }));
vi.mock('../../../money/balances', () => ({ balancesChanged: () => void server.balances++ }));

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  server.keys.length = 0;
  server.failures = 0;
  server.balances = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('[WELUI-4] a claim is one intent with one Idempotency-Key', () => {
  it('a retry after a lost reply sends the same key; the answer ends the intent and refreshes the balances', async () => {
    server.failures = 2;
    await expect(claimWelfare('firstDeposit')).rejects.toThrow('timed out');
    await expect(claimWelfare('firstDeposit')).rejects.toThrow('timed out');
    expect(await claimWelfare('firstDeposit')).toMatchObject({ amount: '10', bonusId: 'W1' });
    expect(server.keys).toHaveLength(3);
    expect(new Set(server.keys).size).toBe(1);
    expect(server.balances).toBe(1);
    // A later claim is a new intent (the server refuses it in words: paid once).
    await claimWelfare('firstDeposit');
    expect(server.keys[3]).not.toBe(server.keys[0]);
  });

  it('each task is its own intent', async () => {
    await claimWelfare('firstDeposit');
    await claimWelfare('verifyIdentity');
    expect(new Set(server.keys).size).toBe(2);
  });
});
