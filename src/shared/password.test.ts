import { describe, expect, it } from 'vitest';
import { loadPasswordRule, MIN_PASSWORD_SCORE, PASSWORD_REASON_TEXT, passwordRule } from './password';

describe('[SAFE-11] the one password rule', () => {
  it('refuses the passwords of the audit (common, keyboard) with the reason', async () => {
    const rule = await loadPasswordRule();
    for (const p of ['password1', 'qwerty123', 'Password1', 'Passw0rd1', 'Abcd1234']) {
      const v = rule(p);
      expect(v.ok, p).toBe(false);
      expect(v.score, p).toBeLessThan(MIN_PASSWORD_SCORE);
      expect(v.reason, p).toBe('common');
    }
  });

  it('keeps the contract format: 8 to 64 characters with letters and digits', async () => {
    const rule = await loadPasswordRule();
    expect(rule('Zq7!')).toMatchObject({ ok: false, reason: 'format' });
    expect(rule('correct-horse-battery')).toMatchObject({ ok: false, reason: 'format' });
    expect(rule('')).toEqual({ ok: false, score: 0, reason: 'format' });
    expect(rule('a1' + 'x'.repeat(63))).toMatchObject({ ok: false, reason: 'format' });
  });

  it('accepts a password that is hard to guess; the user own words count against it', async () => {
    const rule = await loadPasswordRule();
    expect(rule('Zebra-Violin-42')).toMatchObject({ ok: true });
    expect(rule('Ledger7Quartz!')).toMatchObject({ ok: true });
    expect(rule('zanzibar_king1', ['zanzibar_king'])).toMatchObject({ ok: false, reason: 'personal' });
  });

  it('maps every estimator warning to a reason with a text, unknown ones to "guessable"', () => {
    const rule = passwordRule({ check: () => ({ score: 1, feedback: { warning: 'somethingNew' } }) });
    expect(rule('Abcdefg123')).toEqual({ ok: false, score: 1, reason: 'guessable' });
    for (const warning of ['straightRow', 'simpleRepeat', 'sequences', 'dates', 'wordByItself', 'userInputs']) {
      const v = passwordRule({ check: () => ({ score: 0, feedback: { warning } }) })('Abcdefg123');
      expect(PASSWORD_REASON_TEXT[v.reason!], warning).toBeTruthy();
      expect(v.reason, warning).not.toBe('guessable');
    }
    expect(passwordRule({ check: () => ({ score: 3, feedback: { warning: null } }) })('Abcdefg123')).toEqual({
      ok: true,
      score: 3,
    });
  });
});
