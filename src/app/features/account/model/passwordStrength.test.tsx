import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { loadPasswordRule, type PasswordRule } from '../../../../shared/password';
import { i18n, loadNamespaces, setLanguage } from '../../../i18n/index';
import { validateField } from '../../../forms/rules';
import { PasswordMeter } from '../components/PasswordMeter';
import { rules } from './fieldRules';
import { strengthLevel, strongPassword } from './passwordStrength';

let rule: PasswordRule;
beforeAll(async () => {
  await setLanguage('en', { persist: false });
  await loadNamespaces(['account']);
  rule = await loadPasswordRule();
});
const t = (...args: Parameters<typeof i18n.t>) => i18n.t(...args);
const tAccount = ((key: string, opts?: object) => t(key, { ns: 'account', ...opts })) as never;

describe('[SAFE-11] the password meter and rule in the account forms', () => {
  it('shows the level and the reason as the user types a weak password', () => {
    const html = renderToStaticMarkup(<PasswordMeter rule={rule} value="qwerty123" />);
    expect(html).toContain('role="meter"');
    expect(html).toContain('aria-valuenow="0"');
    expect(html).toContain('data-level="weak"');
    expect(html).toContain('Too common: it is on lists of common passwords');
  });

  it('shows a strong password as strong, with no reason', () => {
    const html = renderToStaticMarkup(<PasswordMeter rule={rule} value="Zebra-Violin-42" />);
    expect(html).toContain('data-level="strong"');
    expect(html).toContain('data-ok="true"');
    expect(html).not.toContain('pwd-meter__reason');
  });

  it('shows the format hint until the rule is loaded', () => {
    expect(renderToStaticMarkup(<PasswordMeter value="qwerty123" />)).toBe(
      '8 to 64 characters with at least one letter and one digit',
    );
  });

  it('the form refuses a weak password with the reason, and accepts a strong one', async () => {
    const field = [...rules.newPassword(tAccount), strongPassword(tAccount, rule)];
    for (const p of ['password1', 'qwerty123', 'Password1'])
      expect(await validateField(p, field, { password: p })).toBe('Too common: it is on lists of common passwords');
    expect(await validateField('Zebra-Violin-42', field, { password: 'Zebra-Violin-42' })).toBeFalsy();
    // Before the dictionaries arrive the form lets the server decide (it runs the same rule).
    expect(await validateField('qwerty123', [strongPassword(tAccount, undefined)], {})).toBeFalsy();
  });

  it('every reason and level has its text', () => {
    for (const s of [0, 1, 2, 3, 4] as const)
      expect(t(`account:strength.level.${strengthLevel(s)}`)).not.toMatch(/strength/);
  });
});
