/**
 * CORE-9: the signed-in user of a request from memory. Every signed-in call (every order) resolved its token with
 * a SHA-256 and two reads (the session row, then the user row); a hit here costs one `PRAGMA data_version`.
 *
 * Invalidated by mechanism, never by a caller remembering to:
 * - this connection's writes: temporary triggers on `sessions` and `users` (insert, update, delete) call a
 *   function that drops the whole cache, whatever code wrote (sign-out, password change, eviction, the expiry
 *   test switch, a profile edit);
 * - other connections' writes (the operator's CLIs on the same file, SAFE-23): `PRAGMA data_version` changes when
 *   another connection committed; it is read on every lookup and a change drops the whole cache;
 * - time: a cached session carries its expiry and last use; an expired one, or one due for its sliding touch,
 *   goes to the database again (which deletes or extends it, as before).
 * Only read outside a transaction is cached (a row read inside one may still be rolled back).
 * Hits answer a copy of the user row, so a caller that changes it changes nothing cached.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../time/clock';
import type { SessionRow } from './tokens';
import type { UserRow } from './users';

/** Entries kept at most (one per live token used lately); beyond it the cache starts again empty. */
const MAX_ENTRIES = 20_000;
/** Caches made on this process's connections (each has its own SQL function and triggers). */
let made = 0;

interface SessionSource {
  /** The session of a token as the database has it (deleting an expired one, extending a due one). */
  resolveRow(token: string): SessionRow | undefined;
  /** The user's row. */
  byId(id: number): UserRow | undefined;
  /** How long a session is used before its expiry is extended (a hit past it goes to the database). */
  touchEveryMs: number;
}

interface Entry {
  session: SessionRow;
  user: UserRow;
}

export function sessionCache(db: Database.Database, clock: Clock, source: SessionSource) {
  const cache = new Map<string, Entry>();
  const drop = () => cache.clear();
  const name = `core9_session_cache_drop_${++made}`;
  db.function(name, { deterministic: false, varargs: false }, () => {
    drop();
    return null;
  });
  for (const table of ['sessions', 'users'])
    for (const op of ['INSERT', 'UPDATE', 'DELETE'])
      db.exec(
        `CREATE TEMP TRIGGER ${name}_${table}_${op.toLowerCase()} AFTER ${op} ON main.${table}
         BEGIN SELECT ${name}(); END`,
      );
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let seen = dataVersion.get() as number;

  return {
    userOfToken(token: string): UserRow | undefined {
      const version = dataVersion.get() as number;
      if (version !== seen) {
        seen = version;
        drop();
      }
      const now = clock.now();
      const hit = cache.get(token);
      if (hit && hit.session.expiresAt > now && now - hit.session.lastSeen < source.touchEveryMs)
        return { ...hit.user };
      const session = source.resolveRow(token);
      const user = session === undefined ? undefined : source.byId(session.userId);
      if (session === undefined || user === undefined) return undefined;
      if (!db.inTransaction) {
        if (cache.size >= MAX_ENTRIES) drop();
        cache.set(token, { session, user: { ...user } });
      }
      return user;
    },
    /** Entries held (tests). */
    get size(): number {
      return cache.size;
    },
  };
}
