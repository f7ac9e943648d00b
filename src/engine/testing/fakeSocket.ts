/**
 * A fake WebSocket driven by the test as if it were the server, and a factory recording every socket.
 */
import type { SocketFactory, SocketLike } from '../types';

export class FakeSocket implements SocketLike {
  readyState = 0;
  /** Frames the client sent, parsed. */
  readonly sent: Record<string, unknown>[] = [];
  closedByClient = false;
  /** Called with each frame the client sends (a fake server hooks in here). */
  onSend: ((frame: Record<string, unknown>) => void) | null = null;
  onopen: ((ev?: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev?: unknown) => void) | null = null;
  onerror: ((ev?: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    const frame = JSON.parse(data) as Record<string, unknown>;
    this.sent.push(frame);
    this.onSend?.(frame);
  }

  close(): void {
    this.closedByClient = true;
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }

  // ---- the "server" side
  serverOpen(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** Sends a frame: objects are JSON-encoded, strings and other values go as they are. */
  serverSend(frame: unknown): void {
    this.onmessage?.({
      data:
        typeof frame === 'string' || typeof frame !== 'object' || frame instanceof ArrayBuffer
          ? frame
          : JSON.stringify(frame),
    });
  }
  serverError(): void {
    this.onerror?.({});
  }
  /** The connection ends: 1006 (dropped) unless a close code is given, e.g. 1012 (the server restarts). */
  serverClose(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  /** Subscribe / unsubscribe frames sent so far, as "op KEY" strings. */
  ops(): string[] {
    return this.sent
      .filter((f) => f.op)
      .map((f) => `${f.op} ${f.type}${f.symbol ? ':' + f.symbol : ''}${f.interval ? ':' + f.interval : ''}`);
  }
}

export class FakeSocketFactory {
  readonly sockets: FakeSocket[] = [];
  /** Called with each new socket (e.g. a fake server accepting it on the next microtask). */
  onCreate: ((s: FakeSocket) => void) | null = null;
  readonly open: SocketFactory = (url: string) => {
    const s = new FakeSocket(url);
    this.sockets.push(s);
    this.onCreate?.(s);
    return s;
  };
  get last(): FakeSocket {
    const s = this.sockets[this.sockets.length - 1];
    if (!s) throw new Error('no socket opened yet');
    return s;
  }
}
