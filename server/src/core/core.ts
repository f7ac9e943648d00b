/**
 * The trading core (CORE-1..6): the single writer of every book. Every command that can change a book (a user's
 * order or cancel, a simulator step, the jobs that liquidate, trigger and fund) runs here, inside a batch:
 *
 * - A batch is one database transaction (CORE-2): each command runs in its own savepoint; its journal entries
 *   (the books tell the core of every command they applied), its order rows, fills and ledger entries commit
 *   together. A command refused before it touched a book (a business refusal) rolls back alone. A command that
 *   fails after touching a book refuses the WHOLE batch: the transaction rolls back, the books are reloaded from
 *   the last snapshot and the journal (exactly as after a crash), and every command of the batch is answered
 *   `BatchRefused` (503, nothing applied, retry with the same Idempotency-Key).
 * - Trades reach the tape and the listeners (sockets, marks, the trade log) only after the commit, and so do the
 *   users' pushes (`afterCommit`).
 * - Group commit (CORE-3): `run()` queues a command; the commands queued in one turn of the event loop (or within
 *   `batchWindowMs`) run in order and commit together: one fsync for the batch. Replies go out after it commits.
 *   With `groupCommit` off every command is its own transaction (the bench's baseline).
 * - Journal and snapshots (CORE-4): users' commands are journaled one by one, a simulator step as one entry (with
 *   the users' commands its fills caused). A step that changed no user's order writes nothing of its own: its
 *   entry waits for the next write (at most a second), so an idle market does not fsync a hundred times a second.
 *   Every `snapshotEvery` entries the whole state is saved with its checksum; older journal is pruned.
 * - Start (CORE-5): the newest snapshot whose checksum and fingerprint hold, then the journal after it, replayed.
 */
import type Database from 'better-sqlite3';
import { isUserOwner } from '../market/owners';
import type { BookRecorder, SymbolBook } from '../market/symbolBook';
import type { CancelCommand, PlaceCommand } from '../matching/types';
import type { LedgerBatch } from '../ledger/writeBehind';
import type { Clock, Timers } from '../time/clock';
import type { JournalEntry, StepEntry, UserEntry } from './entries';
import { checksum, replay, stateHash, type CoreEngine } from './replay';
import type { CoreStore } from './store';

/** A batch was refused and rolled back (CORE-2): nothing of it was applied; the same request may be sent again. */
export class BatchRefused extends Error {
  readonly statusCode = 503;
  readonly retryAfterSeconds = 1;
  constructor() {
    super('The exchange could not record this order and applied nothing of it: please try again');
    this.name = 'BatchRefused';
  }
}

export interface CoreLog {
  error(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

export interface CoreDeps {
  db: Database.Database;
  store: CoreStore;
  engine: CoreEngine;
  clock: Clock;
  timers: Timers;
  /** Runs `fn` after the current turn of the event loop (setImmediate in the server). */
  defer(fn: () => void): void;
  config: { groupCommit: boolean; batchWindowMs: number; snapshotEvery: number };
  log: CoreLog;
  /** Told of every committed batch: how many commands it carried (metrics: the batch-size distribution). */
  onBatch?(commands: number): void;
  /**
   * The ledger's write-behind store (LEDGER-11): opened with each batch, rolled back with each refused command,
   * flushed before the batch commits. Without it the ledger writes SQL as it goes.
   */
  ledger?: LedgerBatch;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Unit {
  work: () => unknown;
  resolve?: (v: unknown) => void;
  reject?: (e: unknown) => void;
}

interface Batch {
  entries: JournalEntry[];
  after: (() => void)[];
}

/** The bucket of a batch's size in the metric exchange_core_batches_total{commands}. */
export function batchBucket(commands: number): string {
  if (commands <= 1) return '1';
  if (commands <= 4) return '2-4';
  if (commands <= 16) return '5-16';
  if (commands <= 64) return '17-64';
  return '65+';
}

/** Pure-simulator entries wait at most this long (or this many) for a write to carry them. */
const BUFFER_MS = 1000;
const BUFFER_MAX = 200;
/** Snapshots kept (the journal after the oldest kept one stays, so `core:verify` can cross-check them). */
const SNAPSHOTS_KEPT = 2;

class Abort extends Error {
  constructor(readonly cause: unknown) {
    super('batch aborted');
  }
}

function userEntry(symbol: string, c: PlaceCommand | CancelCommand, ref?: string): UserEntry {
  if (c.type === 'cancel') return { t: 'c', s: symbol, c: [c.id, c.time] };
  const e: UserEntry = {
    t: 'p',
    s: symbol,
    c: [c.id, c.owner, c.group ?? null, c.side, c.kind, c.price, c.quantity, c.time],
  };
  if (ref !== undefined) e.r = ref;
  return e;
}

export class TradingCore implements BookRecorder {
  private queue: Unit[] = [];
  private scheduled = false;
  private batch: Batch | undefined;
  private buffered: JournalEntry[] = [];
  private bufferedAt = 0;
  private step: StepEntry | undefined;
  private stepSim = 0;
  /** Book commands applied since start (a command that throws after applying one aborts its batch). */
  private applies = 0;
  private sinceSnapshot = 0;
  private readonly changes: () => number;
  /** Batches committed and refused, and commands run (metrics, tests). */
  readonly stats = { batches: 0, refused: 0, commands: 0 };

  constructor(private readonly deps: CoreDeps) {
    const total = deps.db.prepare('SELECT total_changes()').pluck();
    this.changes = () => total.get() as number;
  }

  // ------------------------------------------------------------------ start

  /**
   * CORE-5: loads the newest valid snapshot and replays the journal after it. Returns how many entries were
   * replayed, or undefined when there was no usable snapshot: then the books are as the simulator built them,
   * a snapshot of them is taken now, and the services put their open orders back (journaled as they go).
   */
  start(): { replayed: number } | undefined {
    this.deps.engine.books.setRecorder(this);
    const loaded = this.loadNewest();
    this.replayedAtStart = loaded !== undefined;
    if (!loaded) this.deps.db.transaction(() => this.snapshot())();
    return loaded;
  }

  /** Whether start() replayed the journal (the services then check their open orders against the books). */
  replayedAtStart = false;

  private loadNewest(): { replayed: number } | undefined {
    const { engine, store, log } = this.deps;
    for (const snap of store.snapshots()) {
      if (snap.fingerprint !== engine.fingerprint) {
        log.info({ event: 'core_snapshot_skipped', seq: snap.seq, why: 'the market was configured differently' });
        return undefined;
      }
      if (checksum(snap.state) !== snap.hash) {
        log.error({ event: 'core_snapshot_corrupt', seq: snap.seq }, 'a snapshot failed its checksum');
        continue;
      }
      engine.load(JSON.parse(snap.state) as ReturnType<CoreEngine['save']>);
      const entries = store.since(snap.seq);
      replay(engine, entries);
      this.sinceSnapshot = entries.length;
      return { replayed: entries.length };
    }
    return undefined;
  }

  /** The state hash of the books and models now (CORE-5; `npm run core:verify` prints the replay's). */
  stateHash(): string {
    return stateHash(this.deps.engine.save());
  }

  // ------------------------------------------------------------------ commands

  /** Queues a command; it runs in the next batch and settles after that batch commits (CORE-3). */
  run<T>(work: () => T): Promise<T> {
    if (this.batch || !this.deps.config.groupCommit) {
      try {
        return Promise.resolve(this.runNow(work));
      } catch (err) {
        return Promise.reject(err);
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      const ms = this.deps.config.batchWindowMs;
      if (ms > 0) this.deps.timers.after(ms, () => this.flush());
      else this.deps.defer(() => this.flush());
    });
  }

  /** Runs a command now: inside the open batch if there is one, else as a batch of its own. */
  runNow<T>(work: () => T): T {
    if (this.batch) return work();
    const [o] = this.execute([{ work }]);
    if (!o.ok) throw o.error;
    return o.value as T;
  }

  /** Runs `fn` once the current batch has committed (at once outside a batch); never if it is refused. */
  afterCommit(fn: () => void): void {
    if (this.batch) this.batch.after.push(fn);
    else fn();
  }

  /** Writes what waits in the buffer (a clean stop: the journal ends where the books are). */
  close(): void {
    if (this.batch || this.buffered.length === 0) return;
    this.deps.db.transaction(() => {
      const all = this.buffered;
      this.buffered = [];
      this.deps.store.append(all, this.deps.clock.now());
    })();
  }

  /** Whether a batch is open (the books' users may ask). */
  get inBatch(): boolean {
    return this.batch !== undefined;
  }

  private flush(): void {
    this.scheduled = false;
    const units = this.queue;
    this.queue = [];
    if (units.length === 0) return;
    const outcomes = this.execute(units);
    for (let i = 0; i < units.length; i++) {
      const o = outcomes[i];
      if (o.ok) units[i].resolve?.(o.value);
      else units[i].reject?.(o.error);
    }
  }

  private execute(units: Unit[]): Outcome<unknown>[] {
    const { db, engine, log } = this.deps;
    const books = engine.books;
    const batch: Batch = { entries: [], after: [] };
    const outcomes: Outcome<unknown>[] = new Array<Outcome<unknown>>(units.length);
    this.batch = batch;
    books.hold();
    let buffer = this.buffered;
    const ledger = this.deps.ledger;
    ledger?.begin();
    try {
      db.transaction(() => {
        // Foreign keys are checked as each row is written: the ledger writes the rows others refer to (journal
        // rows, holds) at once and queues only rows nothing refers to (PERF-58).
        const before = this.changes();
        for (let i = 0; i < units.length; i++) {
          const applied = this.applies;
          const mark = ledger?.mark() ?? 0;
          try {
            outcomes[i] = { ok: true, value: db.transaction(units[i].work)() };
          } catch (err) {
            ledger?.rollbackTo(mark);
            if (this.applies !== applied || this.step || ledger?.poisoned) throw new Abort(err);
            outcomes[i] = { ok: false, error: err };
          }
        }
        if (ledger?.poisoned) throw new Abort(new Error('a rollback reached behind the ledger flush'));
        ledger?.flush();
        buffer = this.commitEntries(batch.entries, this.changes() !== before);
      })();
    } catch (err) {
      ledger?.end();
      this.batch = undefined;
      this.step = undefined;
      books.discard();
      this.stats.refused++;
      const cause = err instanceof Abort ? err.cause : err;
      log.error({ event: 'core_batch_refused', commands: units.length, err: cause }, 'a batch was refused');
      this.reload();
      const refused = new BatchRefused();
      return units.map(() => ({ ok: false, error: refused }));
    }
    ledger?.end();
    this.batch = undefined;
    this.buffered = buffer;
    this.stats.batches++;
    this.stats.commands += units.length;
    this.deps.onBatch?.(units.length);
    books.release();
    for (const fn of batch.after) {
      try {
        fn();
      } catch (err) {
        log.error({ event: 'core_after_commit_error', err }, 'a listener failed after a commit');
      }
    }
    return outcomes;
  }

  /**
   * After a refused batch: the state before it (CORE-2), from the snapshot, the journal and the simulator's
   * steps still waiting in the buffer.
   */
  private reload(): void {
    const { engine, log } = this.deps;
    try {
      if (!this.loadNewest()) throw new Error('no snapshot to reload from');
      replay(
        engine,
        this.buffered.map((entry) => ({ seq: 0, entry })),
      );
    } catch (err) {
      log.error({ event: 'core_reload_failed', err }, 'the books could not be reloaded');
      throw err;
    }
    engine.books.discard();
  }

  /**
   * Writes a batch's entries: pure-simulator entries of a batch that wrote nothing else wait in the buffer (at
   * most BUFFER_MS or BUFFER_MAX); anything else writes the buffer first, then the batch's own. Returns the
   * buffer as it is once the batch commits (the caller keeps the old one if the batch is refused).
   */
  private commitEntries(entries: JournalEntry[], wrote: boolean): JournalEntry[] {
    if (entries.length === 0 && !wrote) return this.buffered;
    const now = this.deps.clock.now();
    const simOnly = !wrote && entries.every((e) => e.t === 'resume' || (e.t === 'step' && e.inner.length === 0));
    if (simOnly) {
      const waiting = this.buffered.length > 0 ? [...this.buffered, ...entries] : entries;
      if (this.buffered.length === 0) this.bufferedAt = now;
      if (waiting.length < BUFFER_MAX && now - this.bufferedAt < BUFFER_MS) return waiting;
      entries = [];
    }
    const all = this.buffered.length > 0 ? [...this.buffered, ...entries] : entries;
    if (all.length === 0) return [];
    this.deps.store.append(all, now);
    this.sinceSnapshot += all.length;
    if (this.sinceSnapshot >= this.deps.config.snapshotEvery) this.snapshot();
    return [];
  }

  /** Saves the whole state after the last written entry (inside the caller's transaction). */
  private snapshot(): void {
    const { engine, store, clock } = this.deps;
    const state = JSON.stringify(engine.save());
    store.saveSnapshot({
      seq: store.lastSeq(),
      at: clock.now(),
      fingerprint: engine.fingerprint,
      state,
      hash: checksum(state),
    });
    store.prune(SNAPSHOTS_KEPT);
    this.sinceSnapshot = 0;
  }

  // ------------------------------------------------------------------ BookRecorder

  applied(sb: SymbolBook, command: PlaceCommand | CancelCommand, owner: number, ref?: string): void {
    this.applies++;
    const user = ref !== undefined || isUserOwner(owner);
    if (this.step) {
      if (user) this.step.inner.push([this.stepSim, userEntry(sb.symbol, command, ref)]);
      else this.stepSim++;
      return;
    }
    if (!user) {
      this.deps.log.error(
        { event: 'core_unjournaled_command', symbol: sb.symbol },
        'a simulator command outside a step',
      );
      return;
    }
    this.record(userEntry(sb.symbol, command, ref));
  }

  stepBegin(now: number): void {
    this.step = { t: 'step', now, inner: [] };
    this.stepSim = 0;
  }

  stepEnd(): void {
    const s = this.step;
    this.step = undefined;
    if (s && (this.stepSim > 0 || s.inner.length > 0)) this.record(s);
  }

  resumed(now: number): void {
    this.record({ t: 'resume', now });
  }

  private record(e: JournalEntry): void {
    if (this.batch) {
      this.batch.entries.push(e);
      return;
    }
    // Outside a batch (tests that drive a service directly): written at once, with whatever waits.
    const all = [...this.buffered, e];
    this.buffered = [];
    this.deps.store.append(all, this.deps.clock.now());
    this.sinceSnapshot += all.length;
  }
}
