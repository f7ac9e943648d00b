/**
 * The ledger (LEDGER-1..6): the only way any balance changes. Every operation is one journal row (kind,
 * reference, user, time, memo) with entries that sum to zero per coin across user accounts (available bucket)
 * and house accounts; the balance projection (`user_assets`) is written in the same transaction. Holds move
 * available to frozen with an open hold row; a release moves it back, a settle posts it out to house accounts.
 * The frozen bucket changes only through holds, so frozen always equals the open holds (what the check verifies).
 *
 * No balance can go below zero: each balance is read and written inside the one transaction that writes the
 * journal (better-sqlite3 is synchronous and the server one process, so that transaction is a single writer),
 * and `user_assets` refuses a negative value by a CHECK constraint besides. Amounts are exact decimal strings,
 * computed with decimal.js at 64 digits; callers validate what users type with src/shared/amount.ts first.
 */
import { Decimal } from '../../../src/shared/decimal';
import type { AssetEntry } from '../../../src/shared/schemas/user';
import type { JournalKind } from '../../../src/shared/wallet/journalKinds';
import { ApiFail } from '../http/failures';
import type { Clock } from '../time/clock';
import type { BalanceRow, HoldRow, JournalRow, LedgerStore } from './store';
import { USER_ACCOUNTS, type Bucket, type HouseAccount, type UserAccount } from './types';

/** One side of an operation: a user's available balance, or a house account. Amount signed (+ credit, - debit). */
export type Leg =
  | { userId: number; account: UserAccount; coin: string; amount: string }
  | { house: HouseAccount; coin: string; amount: string };

export interface Cause {
  /** What kind of operation: `transfer`, `deposit`, `withdraw`, `exchange`, `genesis`, ... (WORD-1: one of the list). */
  kind: JournalKind;
  /** The id of what caused it (a transfer id, a deposit id...); (kind, ref) is unique in the journal. */
  ref: string;
  /** The user the operation belongs to (records list it), or null for house-only operations. */
  userId: number | null;
  memo?: string;
}

export interface PostOp extends Cause {
  entries: Leg[];
  /**
   * Parts taken out of open holds (LEDGER-10): each debits the hold's frozen amount by `amount` (a fill of an open
   * order) and lowers the hold to what is left; a hold taken to zero is settled. The entries balance them.
   */
  fromHolds?: { holdId: number; amount: string }[];
}

export interface HoldOp extends Cause {
  userId: number;
  account: UserAccount;
  coin: string;
  amount: string;
}

export interface SettleOp extends Cause {
  /** Where the held amount goes: one house account, or several whose amounts sum to the hold. */
  to: HouseAccount | { house: HouseAccount; amount: string }[];
}

export interface LedgerDeps {
  store: LedgerStore;
  clock: Clock;
  /**
   * Told which users' balances a journal row touched (LIVE-1). Called on a microtask, after the synchronous
   * transaction around the write has ended, so a listener reading balances sees what was committed (if an outer
   * transaction rolled back, it sees the balances unchanged: a harmless extra push).
   */
  balancesChanged?: (userId: number) => void;
}

const AMOUNT_RE = /^-?\d+(\.\d+)?$/;

/** A programming error: an operation that can never be valid (callers validate users' input first). */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

function dec(amount: string, what: string): Decimal {
  if (typeof amount !== 'string' || !AMOUNT_RE.test(amount) || amount.length > 80)
    throw new LedgerError(`${what}: "${String(amount)}" is not a decimal string`);
  return new Decimal(amount);
}

function coinOf(coin: string): string {
  const c = coin.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,20}$/.test(c)) throw new LedgerError(`"${coin}" is not a coin code`);
  return c;
}

/** One entry of a journal row before it is written. */
interface Entry {
  userId: number | null;
  account: string;
  bucket: Bucket;
  coin: string;
  amount: Decimal;
}

interface Delta {
  userId: number;
  account: UserAccount;
  coin: string;
  available: Decimal;
  frozen: Decimal;
}

export class Ledger {
  private readonly store: LedgerStore;
  private readonly clock: Clock;

  constructor(deps: LedgerDeps) {
    this.store = deps.store;
    this.clock = deps.clock;
    this.notify = deps.balancesChanged;
  }

  private readonly notify: ((userId: number) => void) | undefined;
  /** A journal kind whose next post fails (armed only by the TEST_SWITCHES route of CORE-2's fault test). */
  private fault: string | undefined;

  /** Makes the next post of `kind` throw, once: a disk error where the trading core must refuse its batch. */
  failNextPost(kind: string): void {
    this.fault = kind;
  }

  private announce(legs: readonly { userId: number | null }[]): void {
    const notify = this.notify;
    if (!notify) return;
    const users = new Set<number>();
    for (const l of legs) if (l.userId !== null) users.add(l.userId);
    if (users.size) queueMicrotask(() => users.forEach((u) => notify(u)));
  }

  /** Runs `fn` in one transaction with the ledger's writes (a caller's own rows and the journal together). */
  transaction<T>(fn: () => T): T {
    return this.store.transaction(fn);
  }

  /** Posts one journal row; returns it. Throws ApiFail when a user balance would go below zero (nothing written). */
  post(op: PostOp): JournalRow {
    if (this.fault !== undefined && this.fault === op.kind) {
      this.fault = undefined;
      throw new LedgerError(`${op.kind}: an injected write failure (test switch)`);
    }
    // Parts taken out of holds are legs too: a hold's part paid to one house account is a whole row (LEDGER-10).
    if (op.entries.length + (op.fromHolds?.length ?? 0) < 2 || op.entries.length < 1)
      throw new LedgerError(`${op.kind}: a journal row needs at least two entries`);
    const legs = op.entries.map((l) => {
      const amount = dec(l.amount, op.kind);
      if (amount.isZero()) throw new LedgerError(`${op.kind}: an entry of zero`);
      if ('house' in l) {
        if (!/^house:[a-z0-9_-]{1,40}$/.test(l.house)) throw new LedgerError(`"${l.house}" is not a house account`);
        return {
          userId: null,
          account: l.house as string,
          bucket: 'available' as Bucket,
          coin: coinOf(l.coin),
          amount,
        };
      }
      if (!USER_ACCOUNTS.includes(l.account)) throw new LedgerError(`"${String(l.account)}" is not a user account`);
      return {
        userId: l.userId as number | null,
        account: l.account as string,
        bucket: 'available' as Bucket,
        coin: coinOf(l.coin),
        amount,
      };
    });
    const takes = op.fromHolds ?? [];
    if (takes.length === 0) return this.write(op, legs);
    return this.store.atomic(() => {
      const left = new Map<number, Decimal>();
      const held: { id: number; rest: Decimal }[] = [];
      for (const t of takes) {
        const h = this.openHold(t.holdId);
        const amount = dec(t.amount, op.kind);
        if (!amount.isPositive() || amount.isZero())
          throw new LedgerError(`${op.kind}: a part of a hold must be positive`);
        const rest = (left.get(h.id) ?? new Decimal(h.amount)).minus(amount);
        if (rest.isNegative())
          throw new LedgerError(`hold ${h.id}: taking ${t.amount} ${h.coin} leaves less than zero`);
        left.set(h.id, rest);
        held.push({ id: h.id, rest });
        legs.push({ userId: h.userId, account: h.account, bucket: 'frozen', coin: h.coin, amount: amount.neg() });
      }
      const journal = this.writeRows(op, legs);
      for (const [id, rest] of left) {
        if (rest.isZero()) {
          if (!this.store.closeHold(id, 'settled', journal.id, journal.time))
            throw new LedgerError(`hold ${id} is no longer open`);
        } else if (!this.store.setHoldAmount(id, rest.toFixed())) throw new LedgerError(`hold ${id} is no longer open`);
      }
      return journal;
    });
  }

  /** Moves `amount` from available to frozen with an open hold (a pending withdrawal, an open order...). */
  hold(op: HoldOp): { hold: HoldRow; journal: JournalRow } {
    const amount = dec(op.amount, op.kind);
    if (!amount.isPositive() || amount.isZero()) throw new LedgerError(`${op.kind}: a hold must be positive`);
    const coin = coinOf(op.coin);
    const base = { userId: op.userId, account: op.account as string, coin };
    return this.store.atomic(() => {
      const journal = this.writeRows(op, [
        { ...base, bucket: 'available', amount: amount.neg() },
        { ...base, bucket: 'frozen', amount },
      ]);
      const row = {
        userId: op.userId,
        account: op.account,
        coin,
        amount: amount.toFixed(),
        kind: op.kind,
        ref: op.ref,
        journalId: journal.id,
        createdAt: journal.time,
      };
      const id = this.store.insertHold({ ...row });
      const hold: HoldRow = { id, ...row, state: 'open', closedJournalId: null, closedAt: null };
      return { hold, journal };
    });
  }

  /** Ends an open hold by returning its amount to available (a rejected or cancelled withdrawal). */
  release(holdId: number, cause: Cause): JournalRow {
    return this.store.atomic(() => {
      const h = this.openHold(holdId);
      const base = { userId: h.userId, account: h.account as string, coin: h.coin };
      const amount = new Decimal(h.amount);
      const journal = this.writeRows(cause, [
        { ...base, bucket: 'frozen', amount: amount.neg() },
        { ...base, bucket: 'available', amount },
      ]);
      if (!this.store.closeHold(holdId, 'released', journal.id, journal.time))
        throw new LedgerError(`hold ${holdId} is no longer open`);
      return journal;
    });
  }

  /** Ends an open hold by posting its amount out to house accounts (an approved withdrawal and its fee). */
  settle(holdId: number, op: SettleOp): JournalRow {
    return this.store.atomic(() => {
      const h = this.openHold(holdId);
      const amount = new Decimal(h.amount);
      const to = typeof op.to === 'string' ? [{ house: op.to, amount: h.amount }] : op.to;
      const out = to.map((t) => {
        if (!/^house:[a-z0-9_-]{1,40}$/.test(t.house)) throw new LedgerError(`"${t.house}" is not a house account`);
        const a = dec(t.amount, op.kind);
        if (!a.isPositive() || a.isZero()) throw new LedgerError(`${op.kind}: a settle part must be positive`);
        return { userId: null, account: t.house as string, bucket: 'available' as Bucket, coin: h.coin, amount: a };
      });
      const sum = out.reduce((s, t) => s.plus(t.amount), new Decimal(0));
      if (!sum.eq(amount))
        throw new LedgerError(`hold ${holdId}: settle parts sum to ${sum.toFixed()}, not ${h.amount}`);
      const journal = this.writeRows(op, [
        { userId: h.userId, account: h.account, bucket: 'frozen', coin: h.coin, amount: amount.neg() },
        ...out,
      ]);
      if (!this.store.closeHold(holdId, 'settled', journal.id, journal.time))
        throw new LedgerError(`hold ${holdId} is no longer open`);
      return journal;
    });
  }

  /** Makes sure a (zero) balance row exists, e.g. the USDT row of a new account; no journal row (nothing moves). */
  open(userId: number, account: UserAccount, coin: string): void {
    const c = coinOf(coin);
    this.store.atomic(() => {
      if (!this.store.balance(userId, account, c))
        this.store.putBalance({ userId, account, coin: c, available: '0', frozen: '0' });
    });
  }

  balances(userId: number): AssetEntry[] {
    return this.store
      .balancesOf(userId)
      .map((b) => ({ account: b.account, coin: b.coin, available: b.available, frozen: b.frozen }));
  }

  balance(userId: number, account: UserAccount, coin: string): { available: string; frozen: string } {
    return this.store.balance(userId, account, coinOf(coin)) ?? { available: '0', frozen: '0' };
  }

  holdById(id: number): HoldRow | undefined {
    return this.store.hold(id);
  }

  /** The journal row of a cause, if posted (a credit that must happen once checks this first). */
  posted(kind: string, ref: string): JournalRow | undefined {
    return this.store.journalByRef(kind, ref);
  }

  private openHold(id: number): HoldRow {
    const h = this.store.hold(id);
    if (!h) throw new LedgerError(`no hold ${id}`);
    if (h.state !== 'open') throw new LedgerError(`hold ${id} is already ${h.state}`);
    return h;
  }

  /** One journal row in a transaction (or savepoint) of its own. */
  private write(cause: Cause, legs: Entry[]): JournalRow {
    return this.store.atomic(() => this.writeRows(cause, legs));
  }

  /**
   * One journal row: its entries and the balance projection, checked. Only inside a transaction: the caller's
   * (hold, release, settle, a post taking from holds) already makes it and its hold rows one step.
   */
  private writeRows(cause: Cause, legs: Entry[]): JournalRow {
    if (!cause.kind || !/^[a-z][a-z0-9_]{0,39}$/.test(cause.kind))
      throw new LedgerError(`"${cause.kind}" is not a journal kind`);
    if (!cause.ref || cause.ref.length > 200) throw new LedgerError(`${cause.kind}: a reference is required`);
    const sums = new Map<string, Decimal>();
    for (const l of legs) sums.set(l.coin, (sums.get(l.coin) ?? new Decimal(0)).plus(l.amount));
    for (const [coin, s] of sums)
      if (!s.isZero()) throw new LedgerError(`${cause.kind}: entries of ${coin} sum to ${s.toFixed()}, not zero`);
    const time = this.clock.now();
    const memo = cause.memo ?? '';
    // Every check before the first write (PERF-73: a step that fails has written nothing).
    const deltas = new Map<string, Delta>();
    for (const l of legs) {
      if (l.userId === null) continue;
      const k = `${l.userId}\u0000${l.account}\u0000${l.coin}`;
      let d = deltas.get(k);
      if (!d) {
        d = {
          userId: l.userId,
          account: l.account as UserAccount,
          coin: l.coin,
          available: new Decimal(0),
          frozen: new Decimal(0),
        };
        deltas.set(k, d);
      }
      d[l.bucket] = d[l.bucket].plus(l.amount);
    }
    const rows: BalanceRow[] = [];
    for (const d of deltas.values()) {
      const row = this.store.balance(d.userId, d.account, d.coin);
      const available = new Decimal(row?.available ?? '0').plus(d.available);
      const frozen = new Decimal(row?.frozen ?? '0').plus(d.frozen);
      if (available.isNegative()) throw new ApiFail(`Insufficient ${d.coin} balance in the ${d.account} account`);
      if (frozen.isNegative()) throw new LedgerError(`frozen ${d.coin} of user ${d.userId} would go below zero`);
      rows.push({
        userId: d.userId,
        account: d.account,
        coin: d.coin,
        available: available.toFixed(),
        frozen: frozen.toFixed(),
      });
    }
    // (kind, ref) is unique in the journal: the insert refuses a second row (the first write of the row).
    const id = this.store.insertJournal({ kind: cause.kind, ref: cause.ref, userId: cause.userId, time, memo });
    if (id === undefined) throw new LedgerError(`${cause.kind} ${cause.ref} is already in the journal`);
    for (const l of legs)
      this.store.insertEntry({
        journalId: id,
        userId: l.userId,
        account: l.account,
        bucket: l.bucket,
        coin: l.coin,
        amount: l.amount.toFixed(),
      });
    for (const r of rows) this.store.putBalance(r);
    const written: JournalRow = { id, kind: cause.kind, ref: cause.ref, userId: cause.userId, time, memo };
    this.announce(legs);
    return written;
  }
}
