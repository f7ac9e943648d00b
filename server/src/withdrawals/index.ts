/** Builds the withdrawals module from the server's context (one call from app.ts). */
import type Database from 'better-sqlite3';
import { readSetting } from '../db/settingsStore';
import type { Ledger } from '../ledger/service';
import type { Clock } from '../time/clock';
import { Withdrawals, type WithdrawalsDeps } from './service';
import { WithdrawalStore } from './store';

export interface WithdrawalsOptions {
  db: Database.Database;
  ledger: Ledger;
  clock: Clock;
  autoApproveMax: string;
  autoApproveDelayMs: number;
  statusChanged?: WithdrawalsDeps['statusChanged'];
}

export function createWithdrawals(o: WithdrawalsOptions): Withdrawals {
  return new Withdrawals({
    store: new WithdrawalStore(o.db),
    ledger: o.ledger,
    clock: o.clock,
    settings: {
      general: () => readSetting(o.db, 'WITHDRAWAL_SETTING'),
      channels: () => readSetting(o.db, 'WITHDRAWAL_CHANNEL_SETTING'),
      assetCoins: () => readSetting(o.db, 'ASSET_COIN'),
      timeZone: () => readSetting(o.db, 'timeZone').offSet,
    },
    autoApproveMax: o.autoApproveMax,
    autoApproveDelayMs: o.autoApproveDelayMs,
    statusChanged: o.statusChanged,
  });
}
