/**
 * ROOM-1, ROOM-2: no import enters a feature except by its door (`paths`, `routes`, `index`), from another
 * feature or from the platform. ESLint refuses static imports (see gates.test.ts); this also sees `import()`.
 */
import { describe, expect, it } from 'vitest';
import { backDoors, impureDoors } from './rooms';

describe('features are rooms with one door', () => {
  const found = backDoors();

  it('[ROOM-1] no feature imports another feature past its door', () => {
    expect(found.filter((d) => d.kind === 'feature')).toEqual([]);
  });

  it('[ROOM-2] no platform module imports a feature past its door', () => {
    expect(found.filter((d) => d.kind === 'platform')).toEqual([]);
  });

  it('[ROOM-1] a door only re-exports: no code and no style import, which would ride along to every importer', () => {
    expect(impureDoors()).toEqual([]);
  });
});
