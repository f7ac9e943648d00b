/**
 * The one scheduler of time-driven work. A job is a `step(now)` (like the market simulator's) run every
 * `everyMs` on the context's clock and timers, drift-corrected: when a step runs late the next one comes
 * sooner, and when the loop falls more than `resyncMs` behind it restarts its schedule from now instead of
 * running a burst of steps to catch up. A step that throws is logged and the job keeps running.
 *
 * `start()` arms every job; until then (and in tests that drive time by hand) jobs run only through
 * `runDue(now)`.
 */
import type { Clock, TimerHandle, Timers } from './clock';

export interface Job {
  name: string;
  everyMs: number;
  step(now: number): void;
  /** Run the first step at once when started (default: after one period). */
  runAtStart?: boolean;
  /** Behind schedule by more than this, restart the schedule from now (default: 25 periods). */
  resyncMs?: number;
}

export interface SchedulerLog {
  error(obj: object, msg?: string): void;
}

interface Entry {
  job: Job;
  next: number;
  timer?: TimerHandle;
}

export class Scheduler {
  private readonly entries = new Set<Entry>();
  private running = false;
  /** What each step runs inside (the trading core's batch, CORE-1); default: nothing. */
  private runner: (fn: () => void) => void = (fn) => fn();

  constructor(
    private readonly clock: Clock,
    private readonly timers: Timers,
    private readonly log: SchedulerLog,
  ) {}

  /** Every step from now on runs through `runner` (app.ts: the trading core, so each step is one batch). */
  setRunner(runner: (fn: () => void) => void): void {
    this.runner = runner;
  }

  /** Adds a job; returns a function that removes it. */
  add(job: Job): () => void {
    const e: Entry = { job, next: this.clock.now() + job.everyMs };
    this.entries.add(e);
    if (this.running) this.arm(e, job.runAtStart === true);
    return () => {
      e.timer?.cancel();
      this.entries.delete(e);
    };
  }

  /** The names of the jobs added, in order (tests and audits). */
  names(): string[] {
    return [...this.entries].map((e) => e.job.name);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    for (const e of this.entries) this.arm(e, e.job.runAtStart === true);
  }

  stop(): void {
    this.running = false;
    for (const e of this.entries) {
      e.timer?.cancel();
      e.timer = undefined;
    }
  }

  /** Runs every job whose time has come by `now` (tests that move the clock by hand). */
  runDue(now: number): void {
    for (const e of this.entries) {
      if (now < e.next) continue;
      this.runStep(e, now);
      e.next = now + e.job.everyMs;
    }
  }

  private arm(e: Entry, now: boolean): void {
    const t = this.clock.now();
    e.next = now ? t : t + e.job.everyMs;
    if (now) this.tick(e);
    else e.timer = this.timers.after(e.job.everyMs, () => this.tick(e));
  }

  private tick(e: Entry): void {
    if (!this.running || !this.entries.has(e)) return;
    this.runStep(e, this.clock.now());
    e.next += e.job.everyMs;
    const now = this.clock.now();
    if (now - e.next > (e.job.resyncMs ?? e.job.everyMs * 25)) e.next = now + e.job.everyMs;
    e.timer = this.timers.after(Math.max(0, e.next - now), () => this.tick(e));
  }

  private runStep(e: Entry, now: number): void {
    try {
      this.runner(() => e.job.step(now));
    } catch (err) {
      // A bug in one step must not stop the job for good: log it and keep going.
      this.log.error({ event: 'job_step_error', job: e.job.name, err }, `job ${e.job.name} failed`);
    }
  }
}
