/**
 * CLOCK-1: only the app's clock (`src/app/time/clock.ts`) reads time or schedules work through the globals; every
 * other app file goes through it. ESLint refuses the rest (see gates.test.ts); this counts them over the tree.
 */
import { describe, expect, it } from 'vitest';
import { CLOCK_FILES, clockReaders, timeReads } from './clock';

describe('[CLOCK-1] the app reads time through its clock', () => {
  it('no app file but the clock touches Date.now, new Date(), performance, timers or animation frames', () => {
    const readers = clockReaders().map((r) => r.file);
    expect(readers.filter((file) => !CLOCK_FILES.includes(file))).toEqual([]);
    expect(CLOCK_FILES.length).toBeLessThanOrEqual(3);
  });

  it('counts calls, values and the window/globalThis forms, not members, declarations, types or comments', () => {
    const text = [
      '// Date.now() in a comment',
      'const a = Date.now();',
      'const b = new Date();',
      'const c = new Date(0);',
      'const d = performance.now() + performance.timeOrigin;',
      'const e = setTimeout(() => {}, 1);',
      'window.clearTimeout(e);',
      'globalThis.requestAnimationFrame(() => {});',
      'const f = Date.now;',
      'env.setTimeout(() => {}, 1);',
      'interface T { setTimeout(fn: () => void, ms: number): unknown; clearTimeout: (h: unknown) => void }',
      'const g = { setInterval: 1 };',
      'let h: ReturnType<typeof setTimeout>;',
    ].join('\n');
    expect(timeReads(text)).toEqual([
      '2: Date.now',
      '3: new Date()',
      '5: performance.now',
      '5: performance.timeOrigin',
      '6: setTimeout',
      '7: window.clearTimeout',
      '8: globalThis.requestAnimationFrame',
      '9: Date.now',
    ]);
  });
});
