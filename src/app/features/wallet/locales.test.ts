import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../../money/valuation';
import { itHasEveryLanguage, loadMessages } from '../../i18n/testing/messageFiles';

describe('wallet namespace translations (spec 4.5)', () => {
  const en = itHasEveryLanguage('wallet', '[LANG-4]', () => false);

  it('[LANG-4] every key the wallet screens use exists in English, the account tabs (NAV-5) included', () => {
    const common = loadMessages('en', 'common');
    const used = new Set<string>();
    const usedCommon = new Set<string>();
    for (const d of ['screens', 'components'].map((s) => join(__dirname, s))) {
      for (const f of readdirSync(d).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.'))) {
        const src = readFileSync(join(d, f), 'utf8');
        for (const m of src.matchAll(/\bt\('([^']+)'/g)) {
          if (m[1].startsWith('common:')) usedCommon.add(m[1].slice('common:'.length));
          else used.add(m[1].replace(/^wallet:/, ''));
        }
      }
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !(k in en))).toEqual([]);
    expect([...usedCommon].filter((k) => !(k in common))).toEqual([]);
    for (const a of ACCOUNTS) expect(en[`account.${a}`]).toBeTruthy();
    for (const a of ['deposit', 'withdraw', 'transfer', 'exchange', 'records']) expect(en[`action.${a}`]).toBeTruthy();
  });
});
