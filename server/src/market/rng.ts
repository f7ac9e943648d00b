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
  let spare: number | undefined;
  const next = (): number => u32() / 4294967296;
  return {
    next,
    normal() {
      if (spare !== undefined) {
        const s = spare;
        spare = undefined;
        return s;
      }
      let u = 0;
      while (u === 0) u = next();
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
    exp() {
      let u = 0;
      while (u === 0) u = next();
      return -Math.log(u);
    },
    save: () => [a, b, c, d, spare ?? null],
    load(s) {
      [a, b, c, d] = s;
      spare = s[4] ?? undefined;
    },
  };
}
