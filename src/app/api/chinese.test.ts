import { describe, expect, it } from 'vitest';
import { containsChinese, HAN_RANGES, hasHanChar } from './chinese';

describe('Chinese-input rule (spec 5, 8)', () => {
  it('[spec 5] every character of the Unicode Han script is caught', () => {
    const han = /\p{Script=Han}/u;
    const missed: string[] = [];
    for (let cp = 0; cp <= 0x3ffff; cp++) {
      const ch = String.fromCodePoint(cp);
      if (han.test(ch) && !hasHanChar(ch)) missed.push(cp.toString(16));
    }
    expect(missed).toEqual([]);
  });

  it('[spec 5] each range is caught at both ends, and the code points just outside pass', () => {
    for (const [a, b] of HAN_RANGES) {
      expect(hasHanChar(String.fromCodePoint(a)), a.toString(16)).toBe(true);
      expect(hasHanChar(String.fromCodePoint(b)), b.toString(16)).toBe(true);
    }
    expect(hasHanChar(String.fromCodePoint(0x4dff))).toBe(false); // Yijing hexagram, between Ext A and the main block
    expect(hasHanChar(String.fromCodePoint(0x3006))).toBe(false); // 〆 is not Han script
  });

  it('[spec 5] Latin, digits, kana, hangul, Cyrillic, Arabic, Thai, emoji and CJK punctuation pass', () => {
    for (const s of [
      'hello 123',
      'カタカナ ひらがな',
      '한국어',
      'русский',
      'العربية',
      'ภาษาไทย',
      '😀',
      '，。！「」',
      'Ａｂｃ１',
      'Tiếng Việt',
    ]) {
      expect(hasHanChar(s), s).toBe(false);
    }
  });

  it('[spec 5] common Chinese text is caught, simplified and traditional', () => {
    for (const s of ['中文', 'abc密码', '登錄', 'user々', '𠀀', '〇']) expect(hasHanChar(s), s).toBe(true);
  });

  it('[spec 5] values are checked recursively through objects and arrays', () => {
    expect(containsChinese({ a: { b: [1, 'x', { c: '中' }] } })).toBe(true);
    expect(containsChinese([[['ok'], ['文']]])).toBe(true);
    expect(containsChinese({ a: { b: [1, 'x', { c: 'ok' }] }, n: 5, t: true, z: null, u: undefined })).toBe(false);
  });

  it('[spec 5] object keys are checked too', () => {
    expect(containsChinese({ 名字: 'bob' })).toBe(true);
    expect(containsChinese({ nested: [{ 键: 1 }] })).toBe(true);
  });

  it('[spec 5] non-string scalars and empty inputs pass; cycles do not hang', () => {
    expect(containsChinese(undefined)).toBe(false);
    expect(containsChinese(42)).toBe(false);
    expect(containsChinese('')).toBe(false);
    const a: Record<string, unknown> = { x: 'ok' };
    a.self = a;
    expect(containsChinese(a)).toBe(false);
    a.y = '汉';
    expect(containsChinese(a)).toBe(true);
  });

  it('[spec 5] FormData string fields are checked, file contents are not', () => {
    const f = new FormData();
    f.append('file', new Blob(['中文'], { type: 'image/png' }), 'a.png');
    expect(containsChinese(f)).toBe(false);
    f.append('note', '备注');
    expect(containsChinese(f)).toBe(true);
  });
});
