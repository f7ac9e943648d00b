/**
 * Subjects by interest (BUS-9): a gateway subscribes a NATS subject only while one of its sockets wants it,
 * counted per subject: the first holder subscribes, the last one to let go unsubscribes. One NATS subscription per
 * subject, whatever the number of sockets behind it.
 */
import type { BusClient } from '../bus/publisher';

export class Interest {
  private readonly held = new Map<string, { n: number; off: () => void }>();

  constructor(
    private readonly bus: Pick<BusClient, 'subscribe'>,
    private readonly onMessage: (subject: string, payload: Uint8Array) => void,
  ) {}

  /** Holds `subject`; returns its release (idempotent). */
  acquire(subject: string): () => void {
    const h = this.held.get(subject);
    if (h) h.n++;
    else this.held.set(subject, { n: 1, off: this.bus.subscribe(subject, this.onMessage) });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const cur = this.held.get(subject);
      if (!cur || --cur.n > 0) return;
      this.held.delete(subject);
      cur.off();
    };
  }

  /** The NATS subscriptions held now (metrics, tests). */
  get count(): number {
    return this.held.size;
  }

  has(subject: string): boolean {
    return this.held.has(subject);
  }

  /** Drops every subscription. */
  clear(): void {
    for (const h of this.held.values()) h.off();
    this.held.clear();
  }
}
