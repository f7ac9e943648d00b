const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The core's side of the bus (BUS-2, BUS-3): every message is `{ e, q, t, d }`: the publisher's epoch (a random
 * id per start, so a gateway knows the sequences began again), the subject's sequence (1, 2, 3, ... per subject,
 * no gaps), the core's time and the data. Serialized once per message. The transport is injected: NATS in the
 * server (`natsTransport.ts`), a recorder in tests.
 */
export interface BusTransport {
  publish(subject: string, payload: Uint8Array): void;
  /** Answers requests on `subject` (request-reply, BUS-7); returns the function that stops answering. */
  serve(subject: string, answer: (request: Uint8Array) => Uint8Array): () => void;
  /** Sends what is buffered and closes. */
  close(): Promise<void>;
}

/** A gateway's side of the bus: subscriptions and requests to the core (BUS-7). */
export interface BusClient {
  subscribe(subject: string, onMessage: (subject: string, payload: Uint8Array) => void): () => void;
  request(subject: string, payload: Uint8Array, timeoutMs: number): Promise<Uint8Array>;
  /** Tells each time the connection came back after a loss (BUS-11); subscriptions are then held again. */
  onReconnect?(listener: () => void): () => void;
  close(): Promise<void>;
}

export const encodeJson = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));
export const decodeJson = <T>(payload: Uint8Array): T => JSON.parse(decoder.decode(payload)) as T;

export interface BusMessage<T = unknown> {
  /** The publisher's epoch: a new one after each start of the core. */
  e: string;
  /** This subject's sequence, from 1, without gaps within an epoch. */
  q: number;
  /** The core's clock when it published (ms). */
  t: number;
  d: T;
}

export function decodeMessage<T = unknown>(payload: Uint8Array): BusMessage<T> {
  return JSON.parse(decoder.decode(payload)) as BusMessage<T>;
}

export class BusPublisher {
  private readonly seqs = new Map<string, number>();
  /** Messages published, and publishes the transport refused (logged, never thrown into the core). */
  readonly stats = { published: 0, failed: 0 };

  constructor(
    private readonly transport: BusTransport,
    private readonly now: () => number,
    readonly epoch: string,
    private readonly onError: (err: unknown, subject: string) => void = () => undefined,
  ) {}

  /** The last sequence published on `subject` (0 before the first). */
  seq(subject: string): number {
    return this.seqs.get(subject) ?? 0;
  }

  publish(subject: string, data: unknown): void {
    const q = (this.seqs.get(subject) ?? 0) + 1;
    const msg: BusMessage = { e: this.epoch, q, t: this.now(), d: data };
    // The sequence moves on even when the transport refuses the message: the gateways then see the gap and
    // resync, rather than miss a message without knowing.
    this.seqs.set(subject, q);
    try {
      this.transport.publish(subject, encoder.encode(JSON.stringify(msg)));
      this.stats.published++;
    } catch (err) {
      this.stats.failed++;
      this.onError(err, subject);
    }
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
