import { describe, expect, it } from 'vitest';
import { AddressBook } from './depositAddress';

function fakeTimers() {
  let t = 1000;
  const sleeps: number[] = [];
  return {
    sleeps,
    timers: {
      now: () => t,
      sleep: (ms: number) => {
        sleeps.push(ms);
        t += ms;
        return Promise.resolve();
      },
    },
  };
}

describe('[DEP-9] the address lookup: cached per coin and network, at most once per 5 s', () => {
  it('asks only for keys not yet cached, and shares one fetch for the same key', async () => {
    const { timers } = fakeTimers();
    const book = new AddressBook<string>(timers);
    let calls = 0;
    const fetch = () => Promise.resolve(`addr${++calls}`);
    const [a, b] = await Promise.all([book.load('USDT:TRC20', fetch), book.load('USDT:TRC20', fetch)]);
    expect([a, b, calls]).toEqual(['addr1', 'addr1', 1]);
    expect(await book.load('USDT:TRC20', fetch)).toBe('addr1');
    expect(calls).toBe(1);
    expect(book.cached('USDT:TRC20')).toBe('addr1');
  });

  it('spaces lookups of new keys 5 s apart', async () => {
    const { timers, sleeps } = fakeTimers();
    const book = new AddressBook<string>(timers);
    const at: number[] = [];
    const fetch = (v: string) => () => {
      at.push(timers.now());
      return Promise.resolve(v);
    };
    await book.load('a', fetch('a'));
    await book.load('b', fetch('b'));
    await book.load('c', fetch('c'));
    expect(at).toEqual([1000, 6000, 11000]);
    expect(sleeps).toEqual([5000, 5000]);
  });

  it('does not cache a failed lookup: the next ask fetches again', async () => {
    const { timers } = fakeTimers();
    const book = new AddressBook<string>(timers);
    await expect(book.load('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await book.load('a', () => Promise.resolve('ok'))).toBe('ok');
  });
});
