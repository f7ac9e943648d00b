/**
 * One socket connection: its sequence counter, subscriptions and flood guard, and the only place that writes
 * to the socket.
 *
 * A frame body is serialized once (for all connections) without its closing brace; `send` splices in this
 * connection's `seq` and the send time `ts`. `seq` advances for every frame meant for this connection, also
 * when it is not written (socket backed up, silenced by a test switch): the client sees the gap and reseeds.
 */
import type { WebSocket } from 'ws';
import type { Metrics } from '../metrics';
import { FloodGuard } from './throttle';

/** Market frames are skipped while this much is queued unsent on the socket (a slow or stuck client). */
export const MAX_BUFFERED_BYTES = 1 << 20;

/** A frame body ready for many connections: JSON without the final '}', and its UTF-8 length. */
export interface Body {
  prefix: string;
  bytes: number;
}

export function body(frame: object): Body {
  const json = JSON.stringify(frame);
  const prefix = json.slice(0, -1);
  return { prefix, bytes: Buffer.byteLength(prefix) };
}

export class Connection {
  seq = 0;
  readonly subs = new Set<string>();
  readonly guard: FloodGuard;
  /** Test switch: nothing is written until this time (ms). */
  silentUntil = 0;
  /** Keep-alive: set by a pong, cleared by each ping. */
  alive = true;
  framesSent = 0;
  rejected = 0;
  skipped = 0;
  closed = false;
  readonly openedAt: number;

  constructor(
    readonly id: string,
    readonly ws: WebSocket,
    private readonly metrics: Metrics,
    now: number,
  ) {
    this.guard = new FloodGuard(now);
    this.openedAt = now;
  }

  /**
   * Sends `b` with this connection's next seq. `droppable` frames (market data, errors) are skipped while the
   * socket is backed up; control answers (ACK) are always written. Returns whether it was written.
   */
  send(b: Body, ts: number, droppable: boolean): boolean {
    const seq = ++this.seq;
    if (this.closed || this.ws.readyState !== 1 /* OPEN */) return false;
    if (this.silentUntil > ts || (droppable && this.ws.bufferedAmount > MAX_BUFFERED_BYTES)) {
      this.skipped++;
      return false;
    }
    const suffix = `,"seq":${seq},"ts":${ts}}`;
    this.ws.send(b.prefix + suffix);
    this.framesSent++;
    this.metrics.wsFramesSent.inc();
    this.metrics.wsBytesSent.inc(undefined, b.bytes + suffix.length);
    return true;
  }

  /** Writes raw data outside the protocol (test switch garbage): no seq, not counted in seq. */
  sendRaw(data: string | Buffer): void {
    if (this.closed || this.ws.readyState !== 1) return;
    this.ws.send(data, { binary: typeof data !== 'string' });
    this.metrics.wsFramesSent.inc();
    this.metrics.wsBytesSent.inc(undefined, typeof data === 'string' ? Buffer.byteLength(data) : data.length);
  }

  silenced(now: number): boolean {
    return this.silentUntil > now;
  }
}
