/**
 * The journal's entries (CORE-4), compact JSON, one per command that changed a book:
 * - `p`: a user's order placed: symbol, [book id, owner, self-trade group or null, side, kind, price ticks,
 *   quantity lots, time], and the owning service's ref ("spot:12", "futures:7");
 * - `c`: a user's order cancelled: symbol, [book id, time];
 * - `step`: one simulator step at its effective time, with the users' commands its fills caused (each after the
 *   k-th of the simulator's own commands in that step);
 * - `resume`: the simulator skipped to a time without trading.
 */
import type { Side } from '../matching/types';

export type PlaceEntry = {
  t: 'p';
  s: string;
  c: [number, number, number | null, Side, 'limit' | 'market', number, number, number];
  r?: string;
};
export type CancelEntry = { t: 'c'; s: string; c: [number, number] };
export type UserEntry = PlaceEntry | CancelEntry;
export type StepEntry = { t: 'step'; now: number; inner: [number, UserEntry][] };
export type ResumeEntry = { t: 'resume'; now: number };
export type JournalEntry = UserEntry | StepEntry | ResumeEntry;
