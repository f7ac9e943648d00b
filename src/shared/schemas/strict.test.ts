import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { MSG_AMOUNT_AS_STRING } from '../amount';
import { MSG_BODY_INT_STRING, MSG_QUERY_INT, amountStr, bodyInt, oneOf, queryInt, strictMetaOf } from './strict';

const messages = (r: { success: boolean; error?: z.ZodError }) => (r.error?.issues ?? []).map((i) => i.message);

describe('[SAFE-18] queryInt: the digits of a decimal integer, then the field limits', () => {
  const limit = queryInt(z.number().int().min(1, 'limit is at least 1').max(500, 'limit is at most 500'));
  it('[SAFE-18] reads plain digits as the number', () => {
    expect(limit.parse('10')).toBe(10);
    expect(limit.parse('500')).toBe(500);
    expect(queryInt(z.number().int()).parse('-3')).toBe(-3);
    expect(queryInt(z.number().int()).parse('0')).toBe(0);
  });
  it.each(['0x10', '1e1', ' 10', '10 ', 'NaN', '10.0', '', '+1', '010', '-0', 'Infinity', '1_0', '１０'])(
    '[SAFE-18] refuses %j',
    (raw) => {
      expect(messages(limit.safeParse(raw))).toEqual([MSG_QUERY_INT]);
    },
  );
  it('[SAFE-18] keeps the field messages and the safe-integer range', () => {
    expect(messages(limit.safeParse('0'))).toEqual(['limit is at least 1']);
    expect(messages(limit.safeParse('501'))).toEqual(['limit is at most 500']);
    expect(queryInt(z.number().int()).safeParse('9007199254740993').success).toBe(false);
    expect(limit.safeParse(10).success).toBe(false);
    expect(limit.safeParse(['1', '2']).success).toBe(false);
  });
  it('[SAFE-18] takes only an integer number schema', () => {
    expect(() => queryInt(z.number())).toThrow();
  });
  it('[SAFE-18] every decimal integer in the safe range reads back as itself; anything else with a digit is refused', () => {
    const any = queryInt(z.number().int());
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => any.parse(String(n)) === n));
    fc.assert(
      fc.property(fc.string(), (t) => {
        const ok = /^(0|-?[1-9][0-9]*)$/.test(t) && Number.isSafeInteger(Number(t));
        return any.safeParse(t).success === ok;
      }),
    );
  });
});

describe('[SAFE-18] bodyInt: a JSON integer only', () => {
  const leverage = bodyInt(z.number().int().positive('Choose a leverage'));
  it('[SAFE-18] accepts a JSON integer within the limits', () => {
    expect(leverage.parse(10)).toBe(10);
    expect(messages(leverage.safeParse(0))).toEqual(['Choose a leverage']);
    expect(leverage.safeParse(1.5).success).toBe(false);
    expect(leverage.safeParse(2 ** 53).success).toBe(false);
  });
  it.each(['10', '0x10', '1e1', ' 10', 'NaN'])('[SAFE-18] refuses the string %j, saying to send a number', (raw) => {
    expect(messages(leverage.safeParse(raw))).toEqual([MSG_BODY_INT_STRING]);
  });
  it('[SAFE-18] refuses null, booleans and a missing value', () => {
    for (const v of [null, true, undefined, {}]) expect(leverage.safeParse(v).success).toBe(false);
  });
});

describe('[SAFE-19] oneOf: only the listed values', () => {
  const flag = oneOf(['add', 'remove']);
  it('[SAFE-19] accepts the values, refuses anything else with a message listing them', () => {
    expect(flag.parse('add')).toBe('add');
    for (const v of ['Add', 'add ', '', 'NaN', 1, null])
      expect(messages(flag.safeParse(v))).toEqual(['must be one of: add, remove']);
    expect(messages(oneOf(['', 'bank']).safeParse('x'))).toEqual(['must be one of: "", bank']);
  });
});

describe('[SAFE-20] amountStr: a decimal string checked on its text', () => {
  const amount = amountStr();
  it('[SAFE-20] accepts digits with an optional point, as sent', () => {
    for (const t of ['1', '12.5', '0.00000001', '007', '0']) expect(amount.parse(t)).toBe(t);
  });
  it.each([
    ['1e0', 'Amount must be written in plain digits, without an exponent'],
    ['-1', 'Amount must be positive'],
    [' 1', 'Amount must not contain spaces'],
    ['0x10', 'Amount must be a number, e.g. 12.5'],
    ['1.', 'Amount must be digits with at most one decimal point, e.g. 12.5'],
    ['', 'Amount is required'],
  ])('[SAFE-20] refuses %j: %s', (raw, msg) => {
    expect(messages(amount.safeParse(raw))).toEqual([msg]);
  });
  it('[SAFE-20] names the field and keeps the field required message', () => {
    expect(messages(amountStr({ field: 'Price' }).safeParse('-1'))).toEqual(['Price must be positive']);
    expect(messages(amountStr({ required: 'Enter a price' }).safeParse(''))).toEqual(['Enter a price']);
  });
  it('[SAFE-20] refuses every JSON number, saying to send a string (a double has already lost the text)', () => {
    fc.assert(
      fc.property(fc.double(), (n) => {
        const r = amount.safeParse(n);
        return !r.success && messages(r).join() === MSG_AMOUNT_AS_STRING;
      }),
    );
    expect(messages(amount.safeParse(Number('0.99999999999999999')))).toEqual([MSG_AMOUNT_AS_STRING]);
  });
  it('[SAFE-20] a decimal text is accepted unchanged, digit for digit', () => {
    const decimal = fc
      .tuple(fc.stringMatching(/^[0-9]{1,15}$/), fc.option(fc.stringMatching(/^[0-9]{1,20}$/), { nil: undefined }))
      .map(([i, f]) => (f === undefined ? i : `${i}.${f}`));
    fc.assert(fc.property(decimal, (t) => amount.parse(t) === t));
  });
  it('[SAFE-18] [SAFE-19] [SAFE-20] the builders mark what they build (also through wrappers made by checks)', () => {
    expect(strictMetaOf(amount)?.kind).toBe('amount');
    expect(strictMetaOf(amountStr().regex(/^\d+$/))?.kind).toBe('amount');
    expect(strictMetaOf(queryInt(z.number().int()))?.kind).toBe('queryInt');
    expect(strictMetaOf(bodyInt(z.number().int()))?.kind).toBe('bodyInt');
    expect(strictMetaOf(oneOf(['a']))?.kind).toBe('enum');
    expect(strictMetaOf(z.string())).toBeUndefined();
  });
});
