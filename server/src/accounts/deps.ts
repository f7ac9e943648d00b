/** Everything the account routes share, built once by registerAccounts (tests build it with a manual clock). */
import type Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { LoginLimiter } from './attempts';
import { systemClock, type Clock } from './clock';
import { Codes, writeOutbox, type Delivery } from './codes';
import { dbSettings, type AccountSettings } from './settings';
import { Sessions } from './tokens';
import { Users } from './users';

export interface AccountsOptions {
  db: Database.Database;
  log: FastifyBaseLogger;
  dataDir: string;
  production: boolean;
  testSwitches: boolean;
  clock?: Clock;
  settings?: AccountSettings;
}

export interface Accounts {
  db: Database.Database;
  log: FastifyBaseLogger;
  dataDir: string;
  production: boolean;
  testSwitches: boolean;
  clock: Clock;
  settings: AccountSettings;
  users: Users;
  sessions: Sessions;
  limiter: LoginLimiter;
  codes: Codes;
}

export function createAccounts(o: AccountsOptions): Accounts {
  const clock = o.clock ?? systemClock;
  const deliver = (d: Delivery) => {
    // No mail or SMS transport: the code goes to the log, and outside production to the dev outbox.
    o.log.info({ event: 'verification_code', channel: d.channel, to: d.address, codeType: d.codeType, code: d.code });
    if (!o.production) writeOutbox(o.db, d, clock.now());
  };
  return {
    db: o.db,
    log: o.log,
    dataDir: o.dataDir,
    production: o.production,
    testSwitches: o.testSwitches && !o.production,
    clock,
    settings: o.settings ?? dbSettings(o.db),
    users: new Users(o.db),
    sessions: new Sessions(o.db, clock),
    limiter: new LoginLimiter(o.db, clock),
    codes: new Codes(o.db, clock, deliver),
  };
}
