import { describe, expect, it } from 'vitest';
import { ServerClock } from './serverClock';

describe('the server clock offset (FX-6)', () => {
  it('[FX-6] keeps the largest recent ts - localNow (frames arrive late, never early) and follows clock changes', () => {
    const c = new ServerClock(10_000);
    expect(c.offset()).toBeNull();
    // The server is 5 s ahead; frames take 40, 10 and 200 ms to arrive.
    c.sample(105_000, 100_040);
    expect(c.offset()).toBe(4_960);
    c.sample(106_000, 101_010);
    expect(c.offset()).toBe(4_990);
    c.sample(107_000, 102_200);
    expect(c.offset()).toBe(4_990);
    // The local clock jumps 1 s ahead: after the window, the lower samples take over.
    c.sample(120_000, 116_000);
    expect(c.offset()).toBe(4_000);
  });
});
