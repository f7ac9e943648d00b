import { describe, expect, it } from 'vitest';
import { RefRegistry } from './registry';
import { FakeTime } from './testing/fakeTime';

function setup(grace = 2_000) {
  const time = new FakeTime();
  const log: string[] = [];
  const reg = new RefRegistry(
    time,
    grace,
    (k) => log.push(`first ${k}`),
    (k) => log.push(`last ${k}`),
  );
  return { time, log, reg };
}

describe('subscription registry [ENG-6] (reference counted, grace period)', () => {
  it('[ENG-6] the first user subscribes; later users only add a reference', () => {
    const { reg, log } = setup();
    reg.acquire('DETAIL:btcusdt');
    reg.acquire('DETAIL:btcusdt');
    reg.acquire('DETAIL:btcusdt');
    reg.acquire('DETAIL:ethusdt');
    expect(log).toEqual(['first DETAIL:btcusdt', 'first DETAIL:ethusdt']);
    expect(reg.count('DETAIL:btcusdt')).toBe(3);
  });

  it('[ENG-6] the last user unsubscribes, after the grace period, not before', () => {
    const { reg, log, time } = setup();
    const a = reg.acquire('k');
    const b = reg.acquire('k');
    a();
    time.advance(10_000);
    expect(log).toEqual(['first k']);
    b();
    time.advance(1_999);
    expect(log).toEqual(['first k']);
    expect(reg.has('k')).toBe(true);
    time.advance(1);
    expect(log).toEqual(['first k', 'last k']);
    expect(reg.has('k')).toBe(false);
  });

  it('[ENG-6] re-acquiring within the grace period does not churn (no unsubscribe, no subscribe)', () => {
    const { reg, log, time } = setup();
    const a = reg.acquire('k');
    a();
    time.advance(1_000);
    const b = reg.acquire('k');
    time.advance(10_000);
    expect(log).toEqual(['first k']);
    b();
    time.advance(2_000);
    expect(log).toEqual(['first k', 'last k']);
    reg.acquire('k');
    expect(log).toEqual(['first k', 'last k', 'first k']);
  });

  it('[ENG-6] a release function counts once however often it is called', () => {
    const { reg, log, time } = setup();
    const a = reg.acquire('k');
    reg.acquire('k');
    a();
    a();
    a();
    time.advance(5_000);
    expect(reg.count('k')).toBe(1);
    expect(log).toEqual(['first k']);
  });

  it('[ENG-6] with no grace period the last release unsubscribes at once', () => {
    const { reg, log } = setup(0);
    reg.acquire('k')();
    expect(log).toEqual(['first k', 'last k']);
  });
});
