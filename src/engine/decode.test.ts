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

  it('[BOOK-5] DEPTH levels: exactly [price, amount] decimal strings, as the zod tuple says', () => {
    const levels: unknown[] = [
      [['1', '2']],
      [['1', '2', '3']],
      [['1']],
      [[1, '2']],
      [['1', null]],
      [{ 0: '1', 1: '2' }],
      [],
      ['1', '2'],
      [['-1', '0.5']],
      [['1.', '2']],
    ];
    for (const bids of levels) {
      for (const snapshot of [undefined, true, 1]) {
        const f = {
          type: 'DEPTH',
          symbol: 'btcusdt',
          origin: 'o',
          data: { seq: 3, snapshot, bids, asks: [] },
          seq: 1,
          ts: 0,
        };
        const parsed = JSON.parse(JSON.stringify(f));
        expect(isServerFrame(parsed), JSON.stringify(f)).toBe(ServerFrame.safeParse(parsed).success);
      }
    }
  });

  it('[spec 7.5] malformed messages (bad JSON, binary, huge, wrong shape) decode to null without throwing', () => {
    const rnd = seededRandom(7);
    for (let i = 0; i < 2_000; i++) expect(decodeFrame(malformedMessage(rnd))).toBeNull();
    expect(decodeFrame(undefined)).toBeNull();
    expect(decodeFrame('')).toBeNull();
    expect(decodeFrame('{"type":"__proto__"}')).toBeNull();
  });
});
