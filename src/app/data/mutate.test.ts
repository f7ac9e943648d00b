import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKeys } from '../../shared/storageKeys';
import { ApiError } from '../api/client';
import { intentKey, mutate } from './mutate';
import { memoryStorage } from '../state/testing/memoryStorage';

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mutate', () => {
  it('sends one key per intent, reused after a failure of unknown outcome and across a reload', async () => {
    const sent: string[] = [];
    const failing = (k: string) => {
      sent.push(k);
      return Promise.reject(new ApiError('timeout', 'timed out'));
    };
    await expect(mutate(failing, { intent: 'withdraw:1' })).rejects.toThrow('timed out');
    // A reload: the module is fresh, the storage is not.
    vi.resetModules();
    const again = await import('./mutate');
    const ok = await again.mutate(
      (k) => {
        sent.push(k);
        return Promise.resolve('done');
      },
      { intent: 'withdraw:1' },
    );
    expect(ok).toBe('done');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
    expect(sent[0]).not.toBe('');
    // Completed: the stored entry is gone and the next intent of the same name gets a new key.
    expect(JSON.parse(localStorage.getItem(StorageKeys.pendingIntents) ?? '{}')).toEqual({});
    expect(intentKey('withdraw:1')).not.toBe(sent[0]);
  });

  it('a business refusal completes the intent (the server answered)', async () => {
    await expect(
      mutate(() => Promise.reject(new ApiError('business', 'no', 500)), { intent: 'order:9' }),
    ).rejects.toThrow('no');
    expect(JSON.parse(localStorage.getItem(StorageKeys.pendingIntents) ?? '{}')).toEqual({});
  });

  it('different intents get different keys', () => {
    expect(intentKey('a')).not.toBe(intentKey('b'));
    expect(intentKey('a')).toBe(intentKey('a'));
  });
});
