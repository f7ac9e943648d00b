import { describe, expect, it } from 'vitest';
import { validateAll, validateField, type Rule } from './rules';

describe('form rules (spec 5: required, pattern, validator, message, trigger)', () => {
  it('[spec 5] required fails on empty and whitespace, with the rule message', async () => {
    const rules: Rule[] = [{ required: true, message: 'Enter it' }];
    expect(await validateField('', rules, {})).toBe('Enter it');
    expect(await validateField('   ', rules, {})).toBe('Enter it');
    expect(await validateField('x', rules, {})).toBe('');
  });

  it('[spec 5] pattern is tested only on non-empty values', async () => {
    const rules: Rule[] = [{ pattern: /^\d{6}$/, message: 'Six digits' }];
    expect(await validateField('', rules, {})).toBe('');
    expect(await validateField('12345', rules, {})).toBe('Six digits');
    expect(await validateField('123456', rules, {})).toBe('');
  });

  it('[spec 5] a validator sees all values and its own message wins; throwing counts as a message', async () => {
    const rules: Rule<{ a: string; b: string }>[] = [
      { validator: (v, all) => (v !== all.a ? 'Must match' : undefined) },
    ];
    expect(await validateField('x', rules, { a: 'y', b: 'x' })).toBe('Must match');
    expect(await validateField('y', rules, { a: 'y', b: 'y' })).toBe('');
    const throwing: Rule[] = [{ validator: async () => Promise.reject(new Error('Taken')) }];
    expect(await validateField('x', throwing, {})).toBe('Taken');
  });

  it('[spec 5] the first failing rule is reported', async () => {
    const rules: Rule[] = [
      { required: true, message: 'first' },
      { pattern: /z/, message: 'second' },
    ];
    expect(await validateField('', rules, {})).toBe('first');
    expect(await validateField('a', rules, {})).toBe('second');
  });

  it('[spec 5] trigger defaults to blur; change rules run only on change; submit runs all', async () => {
    const rules: Rule[] = [
      { required: true, message: 'blur rule' },
      { pattern: /^a/, message: 'change rule', trigger: 'change' },
    ];
    expect(await validateField('', rules, {}, 'blur')).toBe('blur rule');
    expect(await validateField('', rules, {}, 'change')).toBe('');
    expect(await validateField('b', rules, {}, 'change')).toBe('change rule');
    expect(await validateField('b', rules, {}, 'blur')).toBe('');
    expect(await validateField('b', rules, {})).toBe('change rule');
  });

  it('[spec 5] validateAll reports every field', async () => {
    const errs = await validateAll(
      { a: '', b: 'ok' },
      { a: [{ required: true, message: 'A' }], b: [{ required: true, message: 'B' }] },
    );
    expect(errs).toEqual({ a: 'A', b: '' });
  });
});
