/** The getInfo reply (spec 3.2): profile, verification state per level, withdraw address, assets. */
import type Database from 'better-sqlite3';
import type { KycState, UserInfo } from '../../../src/shared/schemas/user';
import { currentWithdrawAddress, listAssets } from '../wallet/store';
import type { UserRow } from './users';

export function kycStates(db: Database.Database, userId: number): { primary: KycState; senior: KycState } {
  const rows = db.prepare('SELECT level, state FROM kyc WHERE user_id = ?').all(userId) as {
    level: 'primary' | 'senior';
    state: KycState;
  }[];
  const out = { primary: 'none' as KycState, senior: 'none' as KycState };
  for (const r of rows) out[r.level] = r.state;
  return out;
}

export function userInfo(db: Database.Database, u: UserRow): UserInfo {
  return {
    id: u.id,
    uid: u.uid,
    registerType: u.register_type,
    account: u.account,
    email: u.email,
    phone: u.phone,
    address: u.address,
    nickname: u.nickname,
    level: u.level,
    inviteCode: u.invite_code,
    hasTradePwd: u.trade_pwd_hash !== null,
    hasLoginPwd: u.pwd_hash !== null,
    kyc: kycStates(db, u.id),
    withdrawAddress: currentWithdrawAddress(db, u.id),
    asset: listAssets(db, u.id),
    createTime: u.create_time,
  };
}
