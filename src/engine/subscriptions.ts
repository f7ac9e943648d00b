/**
 * The server-side subscriptions of the one socket (spec 7.5), by server key (subscriptionKey():
 * "TRADE:btcusdt", "KLINE:btcusdt:1m", "HEARTBEAT").
 *
 * Reference counted across every topic that needs a key (ticker and klines of a symbol both need
 * TRADE:sym...). The grace period lives one level up, on topics, so here a key is subscribed on the
 * first reference and unsubscribed on the last at once. Subscribe / unsubscribe frames are sent only
 * while the socket is open: on every (re)open the whole set is sent exactly once, so nothing is missing
 * or doubled, whatever happened while the socket was down.
 *
 * Every op carries an `id` ("s|KEY" / "u|KEY", echoed by the server). A server that answers THROTTLED did not act
 * on the op: it is sent again after THROTTLED_RETRY_MS if it still holds (the key is still wanted, or still
 * released), so a burst of subscriptions (a fast-scrolled market list) never leaves a row without data.
 */
import { subscriptionKey, type KlineInterval, type StreamType } from '../shared/protocol';
import { RefRegistry } from './registry';
import { THROTTLED_RETRY_MS } from './constants';
import type { TimerHandle, Timers } from './types';

export interface ServerKey {
  type: StreamType;
  symbol?: string;
  interval?: KlineInterval;
  /** The session token of a private stream (sent with subscribe only; not part of the key). */
  token?: string;
}

export class ServerSubscriptions {
  private readonly specs = new Map<string, ServerKey>();
  private readonly registry: RefRegistry;
  /** Ops the server throttled, to send again: by id, with the spec (an unsubscribed key's spec is gone). */
  private readonly retries = new Map<string, { timer: TimerHandle; spec: ServerKey }>();

  constructor(
    private readonly timers: Timers,
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

  /**
   * A held private stream's token changed: keep the key, send subscribe again with the new token (the server
   * replaces the user of that subscription).
   */
  reauth(spec: ServerKey): void {
    const key = subscriptionKey(spec);
    if (!this.specs.has(key)) return;
    this.specs.set(key, spec);
    if (this.registry.count(key) > 0 && this.isOpen()) this.sendOp('subscribe', key);
  }

  /** Sends every held subscription once (on each socket open). */
  resendAll(): void {
    this.clearRetries();
    for (const key of this.registry.keys()) this.sendOp('subscribe', key);
  }

  /** The server answered THROTTLED to the op with this id: send it again later if it still holds. */
  onThrottled(id: string): void {
    const op = id.startsWith('s|') ? 'subscribe' : id.startsWith('u|') ? 'unsubscribe' : undefined;
    const key = id.slice(2);
    const spec = this.specs.get(key) ?? this.retries.get(id)?.spec;
    if (!op || !spec || this.retries.has(id)) return;
    const timer = this.timers.setTimeout(() => {
      this.retries.delete(id);
      const held = this.registry.count(key) > 0;
      if (!this.isOpen() || held !== (op === 'subscribe')) return;
      this.sendOp(op, key, spec);
    }, THROTTLED_RETRY_MS);
    this.retries.set(id, { timer, spec });
  }

  /** Forgets pending retries (a new socket starts from the full set; the engine is disposed). */
  clearRetries(): void {
    for (const r of this.retries.values()) this.timers.clearTimeout(r.timer);
    this.retries.clear();
  }

  keys(): string[] {
    return this.registry.keys();
  }

  count(key: string): number {
    return this.registry.count(key);
  }

  private sendOp(op: 'subscribe' | 'unsubscribe', key: string, spec = this.specs.get(key)): void {
    if (!spec) return;
    const frame: Record<string, string> = { op, type: spec.type };
    if (spec.symbol !== undefined) frame.symbol = spec.symbol;
    if (spec.interval !== undefined) frame.interval = spec.interval;
    if (spec.token !== undefined && op === 'subscribe') frame.token = spec.token;
    const id = `${op === 'subscribe' ? 's' : 'u'}|${key}`;
    if (id.length <= 64) frame.id = id;
    this.sendFrame(JSON.stringify(frame));
  }
}
