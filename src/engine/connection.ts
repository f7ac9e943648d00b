/**
 * The socket's state machine (spec 4.7, 7.5, 9.1):
 *
 *   idle --start()--> connecting --open--> open --close/error/silence--> waiting --3 s + jitter--> connecting
 *   any  --stop()---> idle
 *
 * - Connects to `wsBase + newId()` (/ws/{random id}).
 * - DEPLOY-4 (failover): `wsBase` may be a list. A socket that fails before it opens (connect error, refused,
 *   connect timeout) moves the next attempt to the next URL of the list, after FAILOVER_DELAY_MS while some URL
 *   has not failed since the last open socket, else after the normal delay. A socket that was open and died
 *   is retried once at the same URL by the reconnect rule (a restart, a blip); if that attempt fails too, the
 *   next URL. The engine resubscribes on every open and resyncs by sequence, as after any reconnect.
 * - Frames sent while not open are queued (bounded: past SEND_QUEUE_MAX the oldest is dropped and
 *   counted) and sent once open.
 * - Reconnects RECONNECT_DELAY_MS (+ up to RECONNECT_JITTER_MS) after an error or close; error and close
 *   of the same socket count once.
 * - A watchdog replaces a socket that delivered nothing for SILENCE_TIMEOUT_MS (half-open), or that
 *   is still connecting after CONNECT_TIMEOUT_MS. The engine subscribes HEARTBEAT, so a live socket is
 *   never silent that long. One timer, re-armed lazily: no timer work per message.
 * - Events of a replaced socket are ignored: every handler checks it still belongs to the current socket.
 */
import {
  CONNECT_TIMEOUT_MS,
  DELAYED_AFTER_MS,
  FAILOVER_DELAY_MS,
  RECONNECT_DELAY_MS,
  RECONNECT_JITTER_MS,
  SEND_QUEUE_MAX,
  SILENCE_TIMEOUT_MS,
} from './constants';
import type { EngineDeps, SocketLike, TimerHandle } from './types';
import type { ConnectionHealth } from './views';

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'waiting';

export interface ConnectionEvents {
  /** A new socket is open (the queue was flushed just before). Send the subscriptions here. */
  onOpen(): void;
  onMessage(data: unknown): void;
  onStateChange(state: ConnectionState): void;
}

type ConnectionDeps = Pick<EngineDeps, 'clock' | 'timers' | 'openSocket' | 'random' | 'newId' | 'wsBase' | 'log'>;

export class Connection {
  state: ConnectionState = 'idle';
  /** Reconnect attempts made after a failure. */
  reconnects = 0;
  /** Frames dropped from a full queue. */
  queueOverflow = 0;
  /** Sockets that reached open, since creation. */
  opens = 0;
  /** Time of the last message of the current socket (or of its open), null when none. */
  lastMessageAt: number | null = null;
  /** DEPLOY-4: moves to another socket URL after a failed connect. */
  failovers = 0;

  private readonly bases: readonly string[];
  /** Index in {@link bases} of the URL the current (or next) socket uses. */
  private baseIndex = 0;
  /** URLs that failed to open in a row since the last open socket. */
  private failedInRow = 0;

  private socket: SocketLike | null = null;
  private queue: string[] = [];
  private reconnectTimer: TimerHandle | null = null;
  private watchdogTimer: TimerHandle | null = null;
  private connectStartedAt = 0;

  constructor(
    private readonly deps: ConnectionDeps,
    private readonly events: ConnectionEvents,
  ) {
    const list = typeof deps.wsBase === 'string' ? [deps.wsBase] : [...deps.wsBase];
    this.bases = list.length > 0 ? list : [''];
  }

  /** The socket URL base in use (or next to be tried). */
  get currentBase(): string {
    return this.bases[this.baseIndex];
  }

  get queueLength(): number {
    return this.queue.length;
  }

  /** Starts connecting if idle; no-op otherwise. */
  start(): void {
    if (this.state === 'idle') this.connect();
  }

  /** Closes the socket and stops reconnecting; the queue is dropped. */
  stop(): void {
    this.clearTimers();
    this.dropSocket();
    this.queue = [];
    this.lastMessageAt = null;
    this.setState('idle');
  }

  /** Sends now if open, else queues (bounded). */
  send(text: string): void {
    if (this.state === 'open' && this.socket) {
      try {
        this.socket.send(text);
        return;
      } catch (err) {
        this.deps.log?.('ws_send_failed', { error: String(err) });
      }
    }
    this.queue.push(text);
    if (this.queue.length > SEND_QUEUE_MAX) {
      this.queue.shift();
      this.queueOverflow++;
    }
  }

  private connect(): void {
    const url = this.currentBase + this.deps.newId();
    this.connectStartedAt = this.deps.clock.now();
    this.lastMessageAt = null;
    this.setState('connecting');
    let sock: SocketLike;
    try {
      sock = this.deps.openSocket(url);
    } catch (err) {
      this.deps.log?.('ws_open_failed', { error: String(err) });
      this.fail('open-threw');
      return;
    }
    this.socket = sock;
    sock.onopen = () => {
      if (this.socket === sock) this.opened();
    };
    sock.onmessage = (ev) => {
      if (this.socket !== sock) return;
      this.lastMessageAt = this.deps.clock.now();
      try {
        this.events.onMessage(ev.data);
      } catch (err) {
        this.deps.log?.('engine_message_failed', { error: String(err) });
      }
    };
    sock.onclose = () => {
      if (this.socket === sock) this.fail('close');
    };
    sock.onerror = () => {
      if (this.socket === sock) this.fail('error');
    };
    this.armWatchdog(this.connectStartedAt + CONNECT_TIMEOUT_MS);
  }

  private opened(): void {
    this.opens++;
    this.failedInRow = 0;
    this.lastMessageAt = this.deps.clock.now();
    this.setState('open');
    const queued = this.queue;
    this.queue = [];
    for (const text of queued) this.send(text);
    this.events.onOpen();
    this.armWatchdog(this.lastMessageAt + SILENCE_TIMEOUT_MS);
  }

  private fail(reason: string): void {
    if (this.state === 'idle' || this.state === 'waiting') return;
    this.deps.log?.('ws_down', { reason });
    const neverOpened = this.state === 'connecting';
    this.clearTimers();
    this.dropSocket();
    this.setState('waiting');
    let base = RECONNECT_DELAY_MS;
    if (neverOpened && this.bases.length > 1) {
      this.failedInRow++;
      this.baseIndex = (this.baseIndex + 1) % this.bases.length;
      this.failovers++;
      this.deps.log?.('ws_failover', { to: this.baseIndex });
      if (this.failedInRow < this.bases.length) base = FAILOVER_DELAY_MS;
      else this.failedInRow = 0;
    }
    const delay = base + Math.floor(this.deps.random() * RECONNECT_JITTER_MS);
    this.reconnectTimer = this.deps.timers.setTimeout(() => {
      this.reconnectTimer = null;
      this.reconnects++;
      this.connect();
    }, delay);
  }

  /** Detaches and closes the current socket; its later events are ignored. */
  private dropSocket(): void {
    const sock = this.socket;
    this.socket = null;
    if (!sock) return;
    sock.onopen = sock.onmessage = sock.onclose = sock.onerror = null;
    try {
      sock.close();
    } catch {
      /* already closed */
    }
  }

  private armWatchdog(at: number): void {
    if (this.watchdogTimer !== null) this.deps.timers.clearTimeout(this.watchdogTimer);
    this.watchdogTimer = this.deps.timers.setTimeout(() => this.watchdog(), Math.max(0, at - this.deps.clock.now()));
  }

  private watchdog(): void {
    this.watchdogTimer = null;
    const now = this.deps.clock.now();
    if (this.state === 'connecting') {
      if (now >= this.connectStartedAt + CONNECT_TIMEOUT_MS) this.fail('connect-timeout');
      else this.armWatchdog(this.connectStartedAt + CONNECT_TIMEOUT_MS);
      return;
    }
    if (this.state !== 'open') return;
    const due = (this.lastMessageAt ?? now) + SILENCE_TIMEOUT_MS;
    if (now >= due) this.fail('silent');
    else this.armWatchdog(due);
  }

  private clearTimers(): void {
    if (this.reconnectTimer !== null) this.deps.timers.clearTimeout(this.reconnectTimer);
    if (this.watchdogTimer !== null) this.deps.timers.clearTimeout(this.watchdogTimer);
    this.reconnectTimer = this.watchdogTimer = null;
  }

  private setState(s: ConnectionState): void {
    if (this.state === s) return;
    this.state = s;
    this.events.onStateChange(s);
  }
}

/** The health a tab shows for the connection `c` at `now` (live, delayed after silence, connecting, reconnecting). */
export function connectionHealth(c: Connection, now: number): ConnectionHealth {
  if (c.state === 'open') {
    return c.lastMessageAt !== null && now - c.lastMessageAt > DELAYED_AFTER_MS ? 'delayed' : 'live';
  }
  if (c.state === 'idle') return 'connecting';
  if (c.state === 'waiting' || (c.state === 'connecting' && c.opens > 0) || c.reconnects > 0) return 'reconnecting';
  return 'connecting';
}
