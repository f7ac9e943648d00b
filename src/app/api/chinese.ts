/**
 * The Chinese-input rule of spec 5 and 8: before every request, Han characters anywhere in the query or body
 * (strings, checked recursively through objects and arrays, keys as well as values) cancel it.
 *
 * HAN_RANGES is the one place the characters are defined. They are the blocks of the Unicode "Han" script:
 * ideographs (unified, extensions A–J, compatibility), radicals, and the few Han signs in the CJK
 * symbols block (々 〇 〡–〩 〸–〻). CJK punctuation (，。！) and kana/hangul are not Han and pass.
 */

/** Inclusive code point ranges. */
export const HAN_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x2e80, 0x2e99], // CJK Radicals Supplement
  [0x2e9b, 0x2ef3],
  [0x2f00, 0x2fd5], // Kangxi Radicals
  [0x3005, 0x3005], // 々 ideographic iteration mark
  [0x3007, 0x3007], // 〇 ideographic number zero
  [0x3021, 0x3029], // Hangzhou numerals
  [0x3038, 0x303b],
  [0x3400, 0x4dbf], // CJK Unified Ideographs Extension A
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xf900, 0xfa6d], // CJK Compatibility Ideographs
  [0xfa70, 0xfad9],
  [0x16fe2, 0x16fe3], // Ideographic Symbols and Punctuation (Han part)
  [0x16ff0, 0x16ff6],
  [0x20000, 0x2a6df], // Extension B
  [0x2a700, 0x2b73f], // Extension C
  [0x2b740, 0x2b81f], // Extension D
  [0x2b820, 0x2ceaf], // Extension E
  [0x2ceb0, 0x2ebef], // Extension F
  [0x2ebf0, 0x2ee5f], // Extension I
  [0x2f800, 0x2fa1f], // CJK Compatibility Ideographs Supplement
  [0x30000, 0x3134f], // Extension G
  [0x31350, 0x3347f], // Extensions H and J
];

const hex = (n: number) => `\\u{${n.toString(16)}}`;
const HAN_RE = new RegExp(`[${HAN_RANGES.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join('')}]`, 'u');

/** True if the string holds at least one Han character. */
export function hasHanChar(s: string): boolean {
  return HAN_RE.test(s);
}

/**
 * True if any string inside `value` holds a Han character: strings themselves, array items, object keys
 * and values, recursively; FormData string fields (files are not text). Cycles are visited once.
 */
export function containsChinese(value: unknown, seen: Set<object> = new Set()): boolean {
  if (typeof value === 'string') return hasHanChar(value);
  if (value === null || typeof value !== 'object') return false;
  if (seen.has(value)) return false;
  seen.add(value);
  if (typeof FormData !== 'undefined' && value instanceof FormData) {
    for (const [k, v] of value.entries()) if (hasHanChar(k) || (typeof v === 'string' && hasHanChar(v))) return true;
    return false;
  }
  if (typeof Blob !== 'undefined' && value instanceof Blob) return false;
  if (Array.isArray(value)) return value.some((v) => containsChinese(v, seen));
  for (const [k, v] of Object.entries(value)) if (hasHanChar(k) || containsChinese(v, seen)) return true;
  return false;
}
