import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from './decimal';
import { LANGUAGE_CODES } from './schemas/dictionary';
import { capDecimals, compact, fixed, localize, rate, roundDecimal, separatorsFor } from './numberFormat';

/** A random exact decimal string: up to 12 integer digits, up to 18 decimals, either sign. */
const decimalStr = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^[0-9]{1,12}$/),
    fc.option(fc.stringMatching(/^[0-9]{1,18}$/), { nil: undefined }),
  )
  .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);

const lang = fc.constantFrom(...LANGUAGE_CODES);
/** Every coin's and pair's decimals the settings use (wallet 6 and 8, spot and contract 0..8). */
const decimals = fc.integer({ min: 0, max: 8 });

/** Reads a localized number back to a plain decimal string, with the language's separators. */
function unlocalize(s: string, l: string): string {
  const sep = separatorsFor(l);
  let out = s.split(sep.group).join('');
  if (sep.decimal !== '.') out = out.split(sep.decimal).join('.');
  return out.replace(/^\+/, '');
}

function fractionDigits(s: string, l: string): number {
  const i = s.lastIndexOf(separatorsFor(l).decimal);
  return i < 0 || separatorsFor(l).decimal === separatorsFor(l).group ? 0 : s.length - i - 1;
}

describe('the one number formatter (NUM rules), across 16 languages', () => {
  it('[NUM-1] never shows more decimals than the coin or pair allows, nor float noise, in any language', () => {
    fc.assert(
      fc.property(decimalStr, decimals, lang, fc.boolean(), (v, d, l, trim) => {
        const out = fixed(v, d, l, { trim });
        expect(out).toMatch(/^-?[0-9][0-9\s.,'\u00a0\u202f]*$/);
        expect(fractionDigits(out, l)).toBeLessThanOrEqual(d);
        // no float noise: the digits are the exact decimal's, within half a unit of the last place
        const back = new Decimal(unlocalize(out, l));
        expect(back.minus(v).abs().lte(new Decimal(10).pow(-d).div(2))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('[NUM-1] [NUM-2] a live price capped at its pair decimals (header, list, book) keeps that bound in all 16 languages', () => {
    expect(LANGUAGE_CODES).toHaveLength(16);
    // The engine's 9.2 digits of an unsigned price (up to 8 decimals) and the pair's own decimals (0..8).
    const price = fc
      .tuple(fc.stringMatching(/^[1-9][0-9]{0,8}$|^0$/), fc.option(fc.stringMatching(/^[0-9]{1,8}$/)))
      .map(([i, f]) => (f === null ? i : `${i}.${f}`));
    fc.assert(
      fc.property(price, decimals, lang, (v, d, l) => {
        const out = localize(capDecimals(v, d), l);
        const shown = v.includes('.') ? v.length - v.indexOf('.') - 1 : 0;
        // At most the pair's decimals; a price with fewer keeps its own (its column aligns by them).
        expect(fractionDigits(out, l)).toBe(Math.min(shown, d));
        const back = new Decimal(unlocalize(out, l));
        expect(back.minus(v).abs().lte(new Decimal(10).pow(-d).div(2))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('[NUM-1] uses the language separators: grouping and decimal mark as Intl writes them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 999_999_999 }), fc.integer({ min: 1, max: 99 }), lang, (i, f, l) => {
        const v = `${i}.${String(f).padStart(2, '0')}`;
        const intl = new Intl.NumberFormat(`${l}-u-nu-latn`, {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(v as Intl.StringNumericLiteral);
        expect(fixed(v, 2, l)).toBe(intl);
      }),
      { numRuns: 500 },
    );
  });

  it('[NUM-2] rounds half away from zero, or down for balances, exactly like decimal.js', () => {
    fc.assert(
      fc.property(decimalStr, decimals, (v, d) => {
        expect(roundDecimal(v, d, 'half')).toBe(
          new Decimal(v)
            .toDecimalPlaces(d, Decimal.ROUND_HALF_UP)
            .toFixed(d)
            .replace(/^-(0\.?0*)$/, '$1'),
        );
        expect(roundDecimal(v, d, 'down')).toBe(
          new Decimal(v)
            .toDecimalPlaces(d, Decimal.ROUND_DOWN)
            .toFixed(d)
            .replace(/^-(0\.?0*)$/, '$1'),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('[NUM-3] drops trailing zeros only where asked (a column that does not align by decimals)', () => {
    expect(fixed('6.852000', 4, 'en')).toBe('6.8520');
    expect(fixed('6.852000', 4, 'en', { trim: true })).toBe('6.852');
    expect(fixed('4950.495049', 2, 'en', { trim: true, min: 2 })).toBe('4,950.50');
    expect(fixed('12.3456789', 2, 'de', { signed: true })).toBe('+12,35');
    expect(fixed('-0.004', 2, 'en', { signed: true })).toBe('0.00');
    expect(fixed(undefined, 2, 'en')).toBe('--');
  });

  it('[NUM-4] a conversion rate shows 8 significant digits, never more decimals than the target coin', () => {
    expect(rate('0.0000148749255508', 8, 'en')).toBe('0.00001487');
    expect(rate('67226.890756302521', 6, 'en')).toBe('67,226.891');
    expect(rate('1.00000000', 6, 'de')).toBe('1');
    fc.assert(
      fc.property(decimalStr, decimals, lang, (v, d, l) => {
        const abs = v.replace(/^-/, '');
        const out = rate(abs, d, l);
        expect(fractionDigits(out, l)).toBeLessThanOrEqual(d);
        const digits = unlocalize(out, l).replace('.', '').replace(/^0+/, '');
        expect(digits.replace(/0+$/, '').length).toBeLessThanOrEqual(Math.max(8, abs.split('.')[0].length));
      }),
      { numRuns: 300 },
    );
  });

  it('[NUM-5] compact figures take the language form, at most 2 decimals, cut toward zero', () => {
    expect(compact('3689.99', 'en')).toBe('3.68K');
    expect(compact('1234567.891', 'de')).toBe('1,23\u00a0Mio.');
    expect(localize('3.68K', 'de')).toBe('3680');
    expect(localize('66.75K', 'fr')).toBe('66,75\u00a0k');
    expect(localize('1.2K', 'en')).toBe('1.2K');
    fc.assert(
      fc.property(decimalStr, lang, (v, l) => {
        const out = compact(v.replace(/^-/, ''), l);
        // the language's decimal mark, never an English point beside a comma-decimal language
        if (separatorsFor(l).decimal === ',') expect(out).not.toMatch(/\d\.\d{1,2}(?!\d)/);
        const m = new RegExp(`\\${separatorsFor(l).decimal}(\\d+)`).exec(out);
        expect((m?.[1] ?? '').length).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  });
});
