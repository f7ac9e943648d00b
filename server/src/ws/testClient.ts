/** A plain `ws` client that records every frame, for the socket tests (not a test file itself). */
import { expect } from 'vitest';
import WebSocket from 'ws';
import { TICK_MS } from '../market/index';
import type { TestServer } from '../testing/harness';

export interface Recorded {
  /** Parsed text frames (raw string kept when not JSON). */
  frames: any[];
  /** Binary frames received. */
  binary: Buffer[];
  ws: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  /** Resolves with the first frame (from index `from`) matching `pred`. */
  waitFor(pred: (f: any) => boolean, from?: number, timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
}

/**
 * What a recording socket keeps: `onFrame` sees every parsed text frame as it arrives; only those `keep` accepts
 * are stored in `frames` (all by default). Many sockets for minutes (the cluster test) keep what they assert on.
 */
export interface RecordOptions {
  keep?: (f: any) => boolean;
  onFrame?: (f: any) => void;
}

export function connect(
  url: string,
  opts: WebSocket.ClientOptions = {},
  record: RecordOptions = {},
): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, opts);
    const frames: any[] = [];
    const binary: Buffer[] = [];
    const waiters = new Set<() => void>();
    const closed = new Promise<{ code: number; reason: string }>((res) =>
      ws.on('close', (code, reason) => res({ code, reason: reason.toString() })),
    );
    ws.on('message', (data, isBinary) => {
      if (isBinary) binary.push(data as Buffer);
      else {
        const s = data.toString();
        let f: any;
        try {
          f = JSON.parse(s);
        } catch {
          f = s;
        }
        record.onFrame?.(f);
        if (!record.keep || record.keep(f)) frames.push(f);
      }
      for (const w of [...waiters]) w();
    });
    ws.once('open', () =>
      resolve({
        frames,
        binary,
        ws,
        closed,
        send: (f) => ws.send(typeof f === 'string' || Buffer.isBuffer(f) ? (f as string | Buffer) : JSON.stringify(f)),
        waitFor(pred, from = 0, timeoutMs = 20_000) {
          return new Promise((res, rej) => {
            let i = from;
            const check = () => {
              for (; i < frames.length; i++) {
                if (pred(frames[i])) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  res(frames[i]);
                  return;
                }
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              rej(new Error(`no matching frame among ${frames.length} frames`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        async close() {
          if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(1000);
          await closed;
        },
      }),
    );
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })),
    );
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A socket to a test server's `/ws/{id}` under a fresh random id. */
export const openSocket = (srv: { wsUrl: string }) => connect(`${srv.wsUrl}/ws/${Math.random().toString(36).slice(2)}`);

/** `n` market ticks on a manual clock: the scheduler runs the market (and the mark board's job) at each. */
export function marketSteps(
  srv: { clock: { advance(ms: number): void; now(): number }; ctx: { scheduler: { runDue(now: number): void } } },
  n: number,
): void {
  for (let i = 0; i < n; i++) {
    srv.clock.advance(TICK_MS);
    srv.ctx.scheduler.runDue(srv.clock.now());
  }
}

/** Sends `frame` with id 'x' on `c`: the ERROR frame answers `reason` with that id (WS-12, LIVE-1). */
export async function expectRefused(c: Recorded, frame: object, reason: string): Promise<any> {
  c.send({ ...frame, op: 'subscribe', id: 'x' });
  const e = await c.waitFor((f) => f.type === 'ERROR');
  expect(e.data).toMatchObject({ reason, id: 'x' });
  return e;
}

/**
 * A new user signed up as `email`, on a new socket subscribed to the private stream `type` with the session
 * token, once `ready` has seen its first frame (by default the stream's first frame: its snapshot).
 */
export async function subscribedUser(
  srv: Pick<TestServer, 'signUp' | 'acc' | 'wsUrl'>,
  email: string,
  type: string,
  ready: (f: any) => boolean = (f) => f.type === type,
): Promise<{ token: string; userId: number; c: Recorded }> {
  const token = await srv.signUp(email);
  const userId = srv.acc.sessions.resolve(token)!;
  const c = await openSocket(srv);
  c.send({ op: 'subscribe', type, token });
  await c.waitFor(ready);
  return { token, userId, c };
}
