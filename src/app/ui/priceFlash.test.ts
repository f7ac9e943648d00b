import { describe, expect, it } from 'vitest';
import { FLASH_MS, Flasher, SWEEP_MS, type FlashTarget } from './priceFlash';

function fakeClock() {
  let t = 0;
  const timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => t,
    setTimeout: (fn: () => void, ms: number) => timers.push({ at: t + ms, fn }),
    pending: () => timers.length,
    advance(ms: number) {
      const end = t + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > end) break;
        timers.shift();
        t = next.at;
        next.fn();
      }
      t = end;
    },
  };
}

function el() {
  const attrs = new Map<string, string>();
  let writes = 0;
  const target: FlashTarget & { flash: () => string | undefined; writes: () => number } = {
    setAttribute: (k, v) => {
      writes++;
      attrs.set(k, v);
    },
    removeAttribute: (k) => {
      writes++;
      attrs.delete(k);
    },
    flash: () => attrs.get('data-flash'),
    writes: () => writes,
  };
  return target;
}

describe('price flash', () => {
  it('an up move marks the price "up" and the mark goes within one sweep after FLASH_MS', () => {
    const c = fakeClock();
    const f = new Flasher(c);
    const a = el();
    f.flash(a, 1);
    expect(a.flash()).toBe('up');
    c.advance(FLASH_MS - 1);
    expect(a.flash()).toBe('up');
    c.advance(SWEEP_MS + 1);
    expect(a.flash()).toBeUndefined();
    expect(f.size).toBe(0);
  });

  it('moves in the same direction only extend the flash: no DOM write per tick', () => {
    const c = fakeClock();
    const f = new Flasher(c);
    const a = el();
    for (let i = 0; i < 60; i++) {
      f.flash(a, 1);
      c.advance(16);
    }
    expect(a.writes()).toBe(1);
    expect(a.flash()).toBe('up');
    c.advance(FLASH_MS + SWEEP_MS);
    expect(a.flash()).toBeUndefined();
    expect(a.writes()).toBe(2);
  });

  it('a move the other way switches the colour at once', () => {
    const c = fakeClock();
    const f = new Flasher(c);
    const a = el();
    f.flash(a, 1);
    c.advance(50);
    f.flash(a, -1);
    expect(a.flash()).toBe('down');
  });

  it('one timer serves every flashing price, and none runs when nothing flashes', () => {
    const c = fakeClock();
    const f = new Flasher(c);
    const cells = Array.from({ length: 50 }, el);
    for (const x of cells) f.flash(x, -1);
    expect(c.pending()).toBe(1);
    c.advance(FLASH_MS + SWEEP_MS);
    expect(cells.every((x) => x.flash() === undefined)).toBe(true);
    expect(c.pending()).toBe(0);
  });

  it("[WORK-16] the sweep runs on the rows' beat: flashes started at different times go on the same sweep", () => {
    const c = fakeClock();
    const f = new Flasher(c);
    const a = el();
    const b = el();
    c.advance(30);
    f.flash(a, 1); // until 630
    c.advance(170);
    f.flash(b, -1); // until 800
    c.advance(520); // 720: the sweep at 750 has not run
    expect([a.flash(), b.flash()]).toEqual(['up', 'down']);
    c.advance(30); // 750: a goes on the beat
    expect([a.flash(), b.flash()]).toEqual([undefined, 'down']);
    c.advance(249); // 999
    expect(b.flash()).toBe('down');
    c.advance(1); // 1000: b goes on the next beat
    expect(b.flash()).toBeUndefined();
  });

  it('clear ends a flash at once and forgets the element', () => {
    const c = fakeClock();
    const f = new Flasher(c);
    const a = el();
    f.flash(a, 1);
    f.clear(a);
    expect(a.flash()).toBeUndefined();
    expect(f.size).toBe(0);
  });
});
