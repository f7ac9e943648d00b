/**
 * Idempotency keys of money-moving requests (IDEM-1..5). A request that carries `Idempotency-Key` (8 to 128
 * characters of letters, digits, `_` and `-`) is claimed for (user, key) with a hash of the request (method,
 * path, query, body). The first reply is stored in the same transaction as the request's effect, so a reply
 * and its effect are kept or lost together (a crash in between loses both, and the retry runs afresh).
 * A repeat gets the stored reply; the same key with another request, and a repeat while the first still
 * runs, are refused with a message that says so. Keys are kept 24 hours, then pruned by a scheduler job.
 * The key is optional (clients of the spec send none); our app sends one with every money-moving call.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../time/clock';
import type { Job } from '../time/scheduler';
import type { IdempotencyStore } from './idempotencyStore';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{8,128}$/;
/** How long a key and its reply are kept (IDEM-4). */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;

export const MSG_BAD_KEY = 'Idempotency-Key must be 8 to 128 letters, digits, "_" or "-"';
export const MSG_KEY_REUSED =
  'This Idempotency-Key was already used for a different request; send a new key for a new request';
export const MSG_IN_PROGRESS =
  'A request with this Idempotency-Key is still in progress; ask again in a moment for its result';

export type Claim =
  { state: 'new' } | { state: 'replay'; reply: string } | { state: 'running' } | { state: 'conflict' };

/** Stable JSON (object keys sorted), so the same request always hashes the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

export function requestHash(method: string, path: string, query: unknown, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${path}\n${canonical(query)}\n${canonical(body)}`)
    .digest('hex');
}

export class Idempotency {
  constructor(private readonly deps: { store: IdempotencyStore; clock: Clock }) {}

  claim(userId: number, key: string, hash: string): Claim {
    const { store, clock } = this.deps;
    return store.transaction(() => {
      if (store.claim(userId, key, hash, clock.now())) return { state: 'new' } as const;
      const row = store.get(userId, key)!;
      if (row.requestHash !== hash) return { state: 'conflict' } as const;
      if (row.state === 'running' || row.reply === null) return { state: 'running' } as const;
      return { state: 'replay', reply: row.reply } as const;
    });
  }

  /**
   * What a claim would answer, without writing: `new` when the key is unused. For a caller that runs the request
   * and `record`s its reply in the same synchronous transaction (the trading core's batch, CORE-3): nothing else
   * can run between the two, so the `running` row a claim writes would never be seen by anyone.
   */
  check(userId: number, key: string, hash: string): Claim {
    const row = this.deps.store.get(userId, key);
    if (!row) return { state: 'new' };
    if (row.requestHash !== hash) return { state: 'conflict' };
    if (row.state === 'running' || row.reply === null) return { state: 'running' };
    return { state: 'replay', reply: row.reply };
  }

  /** The reply of a `check`ed key, claim and reply in one write (inside the transaction of the request's effect). */
  record(userId: number, key: string, hash: string, reply: string): void {
    if (!this.deps.store.insertDone(userId, key, hash, reply, this.deps.clock.now()))
      throw new Error('idempotency key recorded twice in one transaction');
  }

  /** Stores the reply; call inside the transaction of the request's effect. */
  complete(userId: number, key: string, reply: string): void {
    this.deps.store.complete(userId, key, reply);
  }

  /** Forgets a claim whose request failed unexpectedly (nothing was applied), so a retry runs. */
  abandon(userId: number, key: string): void {
    this.deps.store.remove(userId, key);
  }

  transaction<T>(fn: () => T): T {
    return this.deps.store.transaction(fn);
  }

  /**
   * At start: claims left running by a process that died. Their effect was never committed (effect and reply
   * commit together), so they are dropped and a retry runs afresh.
   */
  recover(): number {
    return this.deps.store.removeRunning();
  }

  prune(now: number): number {
    return this.deps.store.removeOlderThan(now - IDEMPOTENCY_KEEP_MS);
  }

  pruneJob(): Job {
    return { name: 'idempotency-prune', everyMs: 10 * 60 * 1000, step: (now) => void this.prune(now) };
  }
}
