/**
 * The identity module's service: everything its routes share, built once per server from injected
 * dependencies (database, log, clock, settings reader). Tests reach the stores through it.
 */
import type Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { AllSettings } from '../../../src/shared/schemas/settings';
import { readSetting } from '../db/settingsStore';
import type { Router } from '../http/route';
import type { StatusEvent } from '../events/userEvents';
import type { Ledger } from '../ledger/service';
import type { Clock } from '../time/clock';
import { loadPasswordRule, type PasswordRule } from '../../../src/shared/password';
import { LoginLimiter } from './attempts';
import { Codes } from './codes';
import type { Courier } from './delivery';
import { RegisterLimit } from './limits';
import { PasswordHasher } from './passwords';
import { sessionCache } from './sessionCache';
import { Sessions, TOUCH_EVERY_MS } from './tokens';
import { Users, type UserRow } from './users';

/** The platform settings identity obeys (spec 3.3), read through the one settings reader on every call. */
export interface IdentitySettings {
  login(): AllSettings['LOGIN_REGIS_SETTING'];
  authLimit(): AllSettings['AUTH_LIMIT'];
}

export interface IdentityDeps {
  db: Database.Database;
  log: FastifyBaseLogger;
  clock: Clock;
  dataDir: string;
  production: boolean;
  testSwitches: boolean;
  /** Signs socket tickets for gateways (BUS-5); unset: no gateways, `socketTicket` is not offered. */
  gatewaySecret?: string;
  /** The development mailbox (SAFE-1, DEV-1): `/api/_test/outbox` exists only when on (never in production). */
  devMailbox: boolean;
  /** How codes reach their owners (./delivery.ts: SMTP, the SMS webhook, the development mailbox). */
  courier: Courier;
  /** The only writer of balances (a new account's USDT row, the demo user's starting money). */
  ledger: Ledger;
  /** Tells the user's open tabs and devices that something of theirs changed (a watchlist edit, TRADE-15). */
  statusChanged?: (userId: number, event: StatusEvent) => void;
}

export interface Identity extends IdentityDeps {
  settings: IdentitySettings;
  users: Users;
  sessions: Sessions;
  limiter: LoginLimiter;
  /** Registrations per client address (SAFE-7). */
  registerLimit: RegisterLimit;
  /** Bounded password hashing, sign-in checks in their own lane (SAFE-8). */
  hasher: PasswordHasher;
  /** The shared login password rule (SAFE-11), loaded once on first use. */
  passwordRule(): Promise<PasswordRule>;
  codes: Codes;
  /** The user of a live session token (the router's `loadUser`). */
  userOfToken(token: string): UserRow | undefined;
}

/** The router every module registers through, loading the signed-in user's row. */
export type IdentityRouter = Router<UserRow>;

export function createIdentity(o: IdentityDeps): Identity {
  const users = new Users(o.db);
  const sessions = new Sessions(o.db, o.clock);
  // CORE-9: the signed-in user of a request from memory, dropped by triggers and PRAGMA data_version.
  const signedIn = sessionCache(o.db, o.clock, {
    resolveRow: (token) => sessions.resolveRow(token),
    byId: (id) => users.byId(id),
    touchEveryMs: TOUCH_EVERY_MS,
  });
  return {
    ...o,
    testSwitches: o.testSwitches && !o.production,
    devMailbox: o.devMailbox && !o.production,
    settings: {
      login: () => readSetting(o.db, 'LOGIN_REGIS_SETTING', o.log),
      authLimit: () => readSetting(o.db, 'AUTH_LIMIT', o.log),
    },
    users,
    sessions,
    limiter: new LoginLimiter(o.db, o.clock),
    registerLimit: new RegisterLimit(o.db, o.clock),
    hasher: new PasswordHasher(),
    passwordRule: loadPasswordRule,
    codes: new Codes(
      o.db,
      o.clock,
      (d) => o.courier.deliver(d),
      (c) => o.courier.refusal(c),
    ),
    userOfToken: (token) => signedIn.userOfToken(token),
  };
}
