/**
 * The daily run's arithmetic (FIN-3, FIN-5), pure: which UTC days a holding is owed interest for at `now`, and
 * whether its term has ended. Interest for day D is owed once D has ended (at or after D + 1 day, 00:00 UTC), from
 * `interestFrom` on, and for a fixed holding only before `maturesAt`. A run after downtime owes every missed day.
 */
import { DAY_MS, utcDayStart } from '../../../src/shared/earn/financeRules';

export interface Term {
  /** First UTC day (ms of its 00:00) not yet settled. */
  nextDay: number;
  interestFrom: number;
  maturesAt: number | null;
}

/** The UTC days (ms of each 00:00) owed at `now`, oldest first. */
export function daysOwed(t: Term, now: number): number[] {
  const today = utcDayStart(now);
  const end = t.maturesAt === null ? today : Math.min(today, t.maturesAt);
  const out: number[] = [];
  for (let d = Math.max(t.nextDay, t.interestFrom); d < end; d += DAY_MS) out.push(d);
  return out;
}

/** Whether a fixed holding's term has ended at `now` (its last earning day has ended). */
export function termEnded(t: Pick<Term, 'maturesAt'>, now: number): boolean {
  return t.maturesAt !== null && t.maturesAt <= now;
}

/** The next term of a renewed holding: it earns from the old maturity for another `termDays` days. */
export function nextTerm(t: Term & { maturesAt: number }, termDays: number): Term & { maturesAt: number } {
  return { nextDay: t.maturesAt, interestFrom: t.maturesAt, maturesAt: t.maturesAt + termDays * DAY_MS };
}

/** The UTC date of a UTC 00:00, as YYYY-MM-DD (the maturity date in messages). */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
