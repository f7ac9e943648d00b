import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_MESSAGES } from '../../api/messages';
import { CodeType } from '../../../shared/schemas/user';
import { LANGS, itHasEveryLanguage, loadMessages } from '../../i18n/testing/messageFiles';

describe('account namespace translations (spec 4.5)', () => {
  const en = itHasEveryLanguage('account', '[spec 4.5]', () => false);

  it("[spec 8] the client's messages (cannotInputChinese, System error, Network anomaly, 429) exist in every language", () => {
    for (const lang of LANGS) {
      const m = loadMessages(lang, 'account');
      for (const k of Object.keys(FALLBACK_MESSAGES)) expect(m[k], `${lang} ${k}`).toBeTruthy();
    }
    for (const [k, v] of Object.entries(FALLBACK_MESSAGES)) expect(en[k], k).toBe(v);
  });

  it('[spec 4.5] every key the account screens, forms and session use exists in English', () => {
    const dirs = [
      join(__dirname, 'screens'),
      join(__dirname, 'components'),
      join(__dirname, 'model'),
      join(__dirname, '../../forms'),
      join(__dirname, '../../session'),
      join(__dirname, '../dev/screens'),
    ];
    const common = loadMessages('en', 'common');
    const used = new Set<string>();
    const usedCommon = new Set<string>();
    for (const d of dirs) {
      for (const f of readdirSync(d).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.'))) {
        const src = readFileSync(join(d, f), 'utf8');
        // A file whose only namespace is `common` (the sign-out dialog) reads its unprefixed keys from there.
        const inCommon = src.includes("useTranslation('common')");
        for (const m of src.matchAll(/\bt\('([^']+)'/g)) {
          if (m[1].startsWith('common:')) usedCommon.add(m[1].slice('common:'.length));
          else (inCommon ? usedCommon : used).add(m[1]);
        }
      }
    }
    expect([...usedCommon].filter((k) => !(k in common))).toEqual([]);
    expect(used.size).toBeGreaterThan(50);
    const missing = [...used].filter((k) => !(k in en));
    expect(missing).toEqual([]);
    for (const s of ['none', 'pending', 'approved', 'rejected']) expect(en[`kyc.state.${s}`]).toBeTruthy();
    for (const m of ['email', 'phone', 'account', 'address']) expect(en[`register.mode.${m}`]).toBeTruthy();
    // DEV-1: the mailbox names every purpose a code can have.
    for (const c of CodeType.options) expect(en[`dev.purpose.${c}`], c).toBeTruthy();
  });
});
