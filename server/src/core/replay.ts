/**
 * Replaying the journal (CORE-5): the same entries applied to the same state give the same state, byte for byte.
 * Pure apart from the engine it drives: the books are replaying (no tape, no listeners, no journal), so a user's
 * command changes the books only; its settlement is already in the database, committed with its entry.
 */
import { createHash } from 'node:crypto';
import type { BookHub } from '../market/books';
import type { SimulatorState } from '../market/simulator';
import type { JournalEntry, UserEntry } from './entries';

/** What the core drives: the simulator and its books (server/src/market/simulator.ts). */
export interface CoreEngine {
  books: BookHub;
  save(): SimulatorState;
  load(s: SimulatorState): void;
  step(now: number): number;
  resume(now: number): void;
  fingerprint: string;
}

/** A journal entry that does not replay to what it recorded: the state and the journal disagree. */
export class ReplayDiverged extends Error {
  constructor(seq: number, what: string) {
    super(`Journal entry ${seq} does not replay: ${what}`);
    this.name = 'ReplayDiverged';
  }
}

function applyUser(books: BookHub, seq: number, e: UserEntry): void {
  const sb = books.bySymbol.get(e.s);
  // A symbol no longer listed: its orders are gone with it (the services end them).
  if (!sb) return;
  if (e.t === 'p') {
    const [id, owner, group, side, kind, price, quantity, time] = e.c;
    if (sb.nextOrderId !== id)
      throw new ReplayDiverged(seq, `order id ${id} expected, the book is at ${sb.nextOrderId}`);
    if (time > books.now) books.now = time;
    const r = sb.submit(owner, side, kind, price, quantity, time, e.r, group ?? undefined);
    if (!r.ok) throw new ReplayDiverged(seq, r.error);
  } else {
    const [id, time] = e.c;
    if (time > books.now) books.now = time;
    const r = sb.cancelOrder(id, time);
    if (!r.ok) throw new ReplayDiverged(seq, r.error);
  }
}

/** Applies entries to the engine's current state, in order. */
export function replay(engine: CoreEngine, entries: readonly { seq: number; entry: JournalEntry }[]): void {
  const books = engine.books;
  books.replaying = true;
  try {
    for (const { seq, entry } of entries) {
      if (entry.t === 'p' || entry.t === 'c') applyUser(books, seq, entry);
      else if (entry.t === 'resume') engine.resume(entry.now);
      else {
        // The users' commands a step's fills caused come after the simulator's k-th command of the step.
        let k = 0;
        let next = 0;
        const inner = entry.inner;
        books.onSimReplayed = () => {
          k++;
          while (next < inner.length && inner[next][0] === k) applyUser(books, seq, inner[next++][1]);
        };
        try {
          engine.step(entry.now);
        } finally {
          books.onSimReplayed = undefined;
        }
        if (next !== inner.length)
          throw new ReplayDiverged(seq, `${inner.length - next} users' commands were not reached`);
      }
    }
  } finally {
    books.replaying = false;
    books.discard();
  }
}

/**
 * The state hash (CORE-5): SHA-256 of the books (every resting order in priority order, the next ids, the users'
 * refs, the makers) and the price models. The times (`now`, `lastNow`) are left out: steps that traded nothing
 * are not journaled, and they change nothing else.
 */
export function stateHash(s: SimulatorState): string {
  return createHash('sha256')
    .update(JSON.stringify([s.hub.books, s.models]))
    .digest('hex');
}

/** The checksum a snapshot is stored with (CORE-4). */
export function checksum(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
