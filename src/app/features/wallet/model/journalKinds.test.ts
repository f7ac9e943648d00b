import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_KINDS } from '../../../../shared/wallet/journalKinds';
import { holdNote, journalKindGroup, journalKindKey } from './journalKinds';

describe('the cash flow names every product', () => {
  it('[REC-5] a kind is named by the product that wrote it; an unknown kind is left alone', () => {
    expect(journalKindGroup('spot_fill')).toBe('spot');
    expect(journalKindGroup('futures_margin_release')).toBe('futures');
    expect(journalKindGroup('second_payout')).toBe('second');
    expect(journalKindGroup('option_buy')).toBe('option');
    expect(journalKindGroup('finance_interest')).toBe('finance');
    expect(journalKindGroup('follow_share')).toBe('follow');
    expect(journalKindGroup('proxy_commission')).toBe('proxy');
    expect(journalKindGroup('rebate')).toBe('rebate');
    expect(journalKindGroup('welfare')).toBe('welfare');
    expect(journalKindGroup('flow_escrow_out')).toBe('flow');
    expect(journalKindGroup('spotless')).toBeUndefined();
    expect(journalKindGroup('mystery')).toBeUndefined();
  });
});

const LOCALES = join(__dirname, '../../../i18n/locales');
const LANGS = ['ar', 'da', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pl', 'pt', 'ru', 'th', 'tr', 'vi', 'zh'];
type Tree = { [k: string]: string | Tree };
const at = (t: Tree, key: string): unknown =>
  key.split('.').reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Tree)[k] : undefined), t);

describe('every journal kind in words (WORD-1, WORD-2)', () => {
  it('[WORD-1] every kind the server can write has a label in all 16 languages, none a raw key', () => {
    for (const lang of LANGS) {
      const tree = JSON.parse(readFileSync(join(LOCALES, lang, 'wallet.json'), 'utf8')) as Tree;
      for (const kind of [...JOURNAL_KINDS, 'mystery_kind']) {
        const key = journalKindKey(kind) ?? 'records.kindOther';
        const label = at(tree, key);
        expect(typeof label, `${lang} ${kind}`).toBe('string');
        expect(label as string, `${lang} ${kind}`).not.toMatch(/\b[a-z]+(_[a-z]+)+\b|^\w+(\.\w+)+$/);
      }
      for (const key of ['heldWithdraw', 'heldOrder', 'held', 'released', 'paid'])
        expect(typeof at(tree, `records.note.${key}`), `${lang} ${key}`).toBe('string');
    }
  });

  it('[WORD-1] only the unknown falls back to "Other"', () => {
    for (const kind of JOURNAL_KINDS) expect(journalKindKey(kind), kind).toBeDefined();
    expect(journalKindKey('withdraw_done')).toBe('records.kind.withdraw_done');
    expect(journalKindKey('mystery')).toBeUndefined();
  });

  it('[WORD-2] a hold, its release and a payment from it are each one line', () => {
    const row = (kind: string, amount: string, frozen: string) => ({ kind, ref: '123', amount, frozen });
    expect(holdNote(row('withdraw', '0', '22'))).toEqual({
      key: 'records.note.heldWithdraw',
      ref: '123',
      amount: '22',
    });
    expect(holdNote(row('spot_order', '0', '5.5'))).toEqual({
      key: 'records.note.heldOrder',
      ref: '123',
      amount: '5.5',
    });
    expect(holdNote(row('finance_lock', '0', '3'))).toEqual({ key: 'records.note.held', amount: '3' });
    expect(holdNote(row('withdraw_cancelled', '0', '-22'))).toEqual({ key: 'records.note.released', amount: '22' });
    expect(holdNote(row('withdraw_done', '-22', '-22'))).toEqual({ key: 'records.note.paid', amount: '22' });
    expect(holdNote(row('transfer', '-22', '0'))).toBeUndefined();
  });
});
