/**
 * Seeded pseudo-random numbers for the simulator (sfc32: small, fast, good enough for a market model).
 * Each symbol gets its own stream derived from (seed, symbol), so adding a symbol does not change the others.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal. */
  normal(): number;
  /** Exponential with mean 1. */
  exp(): number;
  /** The generator's whole state (CORE-4 snapshots): four words and the normal's spare. */
  save(): RngState;
  /** Continues from a saved state. */
  load(s: RngState): void;
}

export type RngState = [number, number, number, number, number | null];

/** 32-bit string hash (cyrb53-style mix folded to 32 bits). */
export function hash32(s: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

export function createRng(seed: number, stream = ''): Rng {
  let a = hash32(stream, seed);
  let b = hash32(stream + '#b', seed);
  let c = hash32(stream + '#c', seed);
  let d = 1;
  const u32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 16; i++) u32();
  // The normal's spare in a typed slot: a float held in a closure variable is a new heap number at every write,
  // and the start-up history draws millions of normals.
  const spare = new Float64Array(1);
  let hasSpare = false;
  const next = (): number => u32() / 4294967296;
  return {
    next,
    normal() {
      if (hasSpare) {
        hasSpare = false;
        return spare[0];
      }
      let u = 0;
      while (u === 0) u = next();
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare[0] = r * Math.sin(2 * Math.PI * v);
      hasSpare = true;
      return r * Math.cos(2 * Math.PI * v);
    },
    exp() {
      let u = 0;
      while (u === 0) u = next();
      return -Math.log(u);
    },
    save: () => [a, b, c, d, hasSpare ? spare[0] : null],
    load(s) {
      [a, b, c, d] = s;
      const sp = s[4];
      hasSpare = typeof sp === 'number';
      if (typeof sp === 'number') spare[0] = sp;
    },
  };
}
