import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { up as up020 } from '../db/migrations/020_accounts';
import { up as up021 } from '../db/migrations/021_user_data';
import { accountTotal, listAssets } from '../wallet/store';
import { adjustAsset } from './balances';

function db() {
  const d = new Database(':memory:');
  up020(d);
  up021(d);
  d.prepare(
    "INSERT INTO users (uid, register_type, email, nickname, invite_code, create_time) VALUES ('1', 'email', 'a@b.co', 'a', 'INV1', 0)",
  ).run();
  return d;
}

describe('[AUTH-10] balances are exact decimal strings', () => {
  it('adds without losing digits, far past 20 significant digits', () => {
    const d = db();
    adjustAsset(d, 1, 'platform', 'usdt', '12345678901234.123456789012345678');
    const e = adjustAsset(d, 1, 'platform', 'USDT', '0.000000000000000001');
    expect(e.available).toBe('12345678901234.123456789012345679');
    expect(accountTotal(d, 1, 'platform', 'USDT')).toBe('12345678901234.123456789012345679');
    expect(adjustAsset(d, 1, 'finance', 'BTC', '0.1').available).toBe('0.1');
    expect(adjustAsset(d, 1, 'finance', 'BTC', '0.2').available).toBe('0.3');
  });
  it('refuses to go below zero and changes nothing then', () => {
    const d = db();
    adjustAsset(d, 1, 'platform', 'ETH', '1');
    expect(() => adjustAsset(d, 1, 'platform', 'ETH', '-1.000000001')).toThrow('Insufficient balance');
    expect(listAssets(d, 1)).toEqual([{ coin: 'ETH', account: 'platform', available: '1', frozen: '0' }]);
    expect(adjustAsset(d, 1, 'platform', 'ETH', '-0.4', '0.4')).toEqual({
      coin: 'ETH',
      account: 'platform',
      available: '0.6',
      frozen: '0.4',
    });
  });
});
