/**
 * A scripted httpGet: each request waits until the test answers it (or a handler answers at once).
 */
import type { HttpGet } from '../types';

export interface PendingRequest {
  path: string;
  resolve(body: unknown): void;
  reject(err: unknown): void;
}

export class FakeHttp {
  readonly pending: PendingRequest[] = [];
  readonly log: string[] = [];
  /** When set, answers requests at once with its result (a reply body) instead of queueing them. */
  handler: ((path: string) => unknown) | null = null;

  readonly get: HttpGet = (path: string) => {
    this.log.push(path);
    if (this.handler) return Promise.resolve(this.handler(path));
    return new Promise((resolve, reject) => this.pending.push({ path, resolve, reject }));
  };

  /** Takes the oldest pending request whose path contains `part`. */
  take(part: string): PendingRequest {
    const i = this.pending.findIndex((p) => p.path.includes(part));
    if (i < 0) throw new Error(`no pending request matching ${part}; pending: ${this.pending.map((p) => p.path).join(', ')}`);
    return this.pending.splice(i, 1)[0];
  }
}

/** Lets promise callbacks (REST replies) run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
