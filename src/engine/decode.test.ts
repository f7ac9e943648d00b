import { describe, expect, it } from 'vitest';
import { ServerFrame } from '../shared/protocol';
import { decodeFrame, isServerFrame } from './decode';
import { malformedMessage, mutateFrame, seededRandom, validCorpus } from './testing/frames';

describe('frame decoding (spec 7.5, protocol.ts ServerFrame)', () => {
  it('[spec 7.5] accepts every valid frame of the corpus, as zod does', () => {
    for (const f of validCorpus()) {
      expect(ServerFrame.safeParse(f).success, JSON.stringify(f)).toBe(true);
      expect(decodeFrame(JSON.stringify(f)), JSON.stringify(f)).not.toBeNull();
    }
  });

  it('[spec 7.5] the hand-written validator agrees with ServerFrame.safeParse on 8,000 mutated frames', () => {
    const rnd = seededRandom(42);
    let valid = 0;
    let invalid = 0;
    for (let i = 0; i < 8_000; i++) {
      const m = mutateFrame(rnd);
      const text = JSON.stringify(m);
      if (text === undefined) continue;
      const parsed = JSON.parse(text);
      const expected = ServerFrame.safeParse(parsed).success;
      expect(isServerFrame(parsed), text).toBe(expected);
      expect(decodeFrame(text) !== null, text).toBe(expected);
      if (expected) valid++;
      else invalid++;
    }
    // The corpus must exercise both verdicts, or the comparison proves nothing.
    expect(valid).toBeGreaterThan(200);
    expect(invalid).toBeGreaterThan(2_000);
  });

  it('[spec 7.5] malformed messages (bad JSON, binary, huge, wrong shape) decode to null without throwing', () => {
    const rnd = seededRandom(7);
    for (let i = 0; i < 2_000; i++) expect(decodeFrame(malformedMessage(rnd))).toBeNull();
    expect(decodeFrame(undefined)).toBeNull();
    expect(decodeFrame('')).toBeNull();
    expect(decodeFrame('{"type":"__proto__"}')).toBeNull();
  });
});
