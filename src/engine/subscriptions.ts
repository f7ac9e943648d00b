/**
 * The server-side subscriptions of the one socket (spec 7.5), by server key (subscriptionKey():
 * "TRADE:btcusdt", "KLINE:btcusdt:1m", "HEARTBEAT").
 *
 * Reference counted across every topic that needs a key (ticker and klines of a symbol both need
 * TRADE:sym...). The grace period lives one level up, on topics, so here a key is subscribed on the
 * first reference and unsubscribed on the last at once. Subscribe / unsubscribe frames are sent only
 * while the socket is open: on every (re)open the whole set is sent exactly once, so nothing is missing
 * or doubled, whatever happened while the socket was down.
 */
import { subscriptionKey, type KlineInterval, type StreamType } from '../shared/protocol';
import { RefRegistry } from './registry';
import type { Timers } from './types';

export interface ServerKey {
  type: StreamType;
  symbol?: string;
  interval?: KlineInterval;
}

export class ServerSubscriptions {
  private readonly specs = new Map<string, ServerKey>();
  private readonly registry: RefRegistry;

  constructor(
    timers: Timers,
    private readonly isOpen: () => boolean,
    private readonly sendFrame: (text: string) => void,
    /** Called when a key is given up (its last reference released). */
    private readonly onDropped: (key: string) => void = () => {},
  ) {
    this.registry = new RefRegistry(
      timers,
      0,
      (key) => {
        if (this.isOpen()) this.sendOp('subscribe', key);
      },
      (key) => {
        if (this.isOpen()) this.sendOp('unsubscribe', key);
        this.specs.delete(key);
        this.onDropped(key);
      },
    );
  }

  /** Holds a server subscription; returns its idempotent release. */
  acquire(spec: ServerKey): () => void {
    const key = subscriptionKey(spec);
    if (!this.specs.has(key)) this.specs.set(key, spec);
    return this.registry.acquire(key);
  }

  /** Sends every held subscription once (on each socket open). */
  resendAll(): void {
    for (const key of this.registry.keys()) this.sendOp('subscribe', key);
  }

  keys(): string[] {
    return this.registry.keys();
  }

  count(key: string): number {
    return this.registry.count(key);
  }

  private sendOp(op: 'subscribe' | 'unsubscribe', key: string): void {
    const s = this.specs.get(key);
    if (!s) return;
    const frame: Record<string, string> = { op, type: s.type };
    if (s.symbol !== undefined) frame.symbol = s.symbol;
    if (s.interval !== undefined) frame.interval = s.interval;
    this.sendFrame(JSON.stringify(frame));
  }
}
