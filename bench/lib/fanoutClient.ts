/**
 * The socket side of `npm run bench:fanout`, in its own process (so the clients are not the bottleneck, and
 * their CPU is measured apart). Driven over IPC by bench/fanout.bench.ts:
 * - `{ op: 'open', urls, from, count, symbols, deadlineMs }`: opens `count` sockets, socket i on
 *   `urls[i % urls.length]`, each on DETAIL of every symbol, KLINE 1m, TRADE and DEPTH of one, at most BATCH at
 *   once; answers `{ op: 'opened', ... }` with what became of them (subscribed: DEPTH's ACK in; closed by the
 *   gateway; failed to connect; no answer yet) once every socket is subscribed, or when a batch has waited
 *   `deadlineMs` (then the rest is not tried: the bench reports the phase as failed instead of hanging).
 * - `{ op: 'start' }`: counts from now; `{ op: 'stop' }` answers `{ op: 'stats', ... }`.
 * - `{ op: 'close' }`: closes every socket, answers `{ op: 'closed' }`.
 * Latency: receive time minus the newest trade's time in a TRADE frame (the core's clock when the trade was made:
 * core to socket), and minus the frame's `ts` (the gateway's send time: gateway to socket); 1 ms buckets.
 */
import WebSocket from 'ws';

export type ClientCommand =
  | { op: 'open'; urls: string[]; from: number; count: number; symbols: string[]; books: string[]; deadlineMs: number }
  | { op: 'start' }
  | { op: 'stop' }
  | { op: 'close' };

export interface ClientStats {
  op: 'stats';
  frames: number;
  /** Frames per gateway url. */
  perUrl: Record<string, number>;
  /** Histograms of latency in ms (index = ms, last bucket = that or more). */
  coreToSocket: number[];
  gatewayToSocket: number[];
  closed: number;
}

/** What became of the sockets an `open` asked for. */
export interface OpenReport {
  op: 'opened';
  asked: number;
  subscribed: number;
  /** Closed by the gateway before DEPTH's ACK (with the close codes seen). */
  closed: number;
  closeCodes: Record<string, number>;
  /** Connects that failed (errors seen, first message). */
  failed: number;
  firstError?: string;
  /** Still waiting for DEPTH's ACK at the deadline, and those never tried after it. */
  unanswered: number;
  untried: number;
  ms: number;
}

const BUCKETS = 5_000;

interface Sock {
  ws: WebSocket;
  url: string;
}

let sockets: Sock[] = [];
let counting = false;
let frames = 0;
let closed = 0;
let perUrl: Record<string, number> = {};
let coreHist = new Array<number>(BUCKETS).fill(0);
let gwHist = new Array<number>(BUCKETS).fill(0);

const bucket = (ms: number) => Math.min(BUCKETS - 1, Math.max(0, Math.round(ms)));

function onFrame(s: Sock, text: string): void {
  if (!counting) return;
  const now = Date.now();
  frames++;
  perUrl[s.url] = (perUrl[s.url] ?? 0) + 1;
  // Cheap reads: only TRADE frames are parsed whole.
  const tsAt = text.lastIndexOf('"ts":');
  if (tsAt >= 0) gwHist[bucket(now - Number(text.slice(tsAt + 5, text.length - 1)))]++;
  if (text.startsWith('{"type":"TRADE"') || text.includes('"type":"TRADE"')) {
    const f = JSON.parse(text) as { data?: { trades?: { ts: number }[] } };
    const last = f.data?.trades?.at(-1);
    if (last) coreHist[bucket(now - last.ts)]++;
  }
}

/** Sockets opened at once: more overflow the gateway's accept queue (connections reset). */
const BATCH = 100;

type Outcome = 'subscribed' | 'closed' | 'failed';

async function open(cmd: Extract<ClientCommand, { op: 'open' }>): Promise<OpenReport> {
  const t0 = performance.now();
  const r: OpenReport = {
    op: 'opened',
    asked: cmd.count,
    subscribed: 0,
    closed: 0,
    closeCodes: {},
    failed: 0,
    unanswered: 0,
    untried: 0,
    ms: 0,
  };
  for (let k = 0; k < cmd.count; k += BATCH) {
    const n = Math.min(BATCH, cmd.count - k);
    const outcomes = await openSome(cmd, cmd.from + k, n, r);
    for (const o of outcomes) if (o) r[o]++;
    const waiting = outcomes.filter((o) => o === undefined).length;
    if (waiting > 0) {
      // A batch past its deadline: the gateway (or this process) cannot keep up; the rest is not tried.
      r.unanswered = waiting;
      r.untried = cmd.count - k - n;
      break;
    }
  }
  r.ms = Math.round(performance.now() - t0);
  return r;
}

/** Opens `count` sockets; resolves with each one's outcome, `undefined` for those without one at the deadline. */
function openSome(
  cmd: Extract<ClientCommand, { op: 'open' }>,
  from: number,
  count: number,
  r: OpenReport,
): Promise<(Outcome | undefined)[]> {
  const outcomes = new Array<Outcome | undefined>(count).fill(undefined);
  let left = count;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(outcomes), cmd.deadlineMs);
    const settle = (k: number, o: Outcome) => {
      if (outcomes[k] !== undefined) return;
      outcomes[k] = o;
      if (--left === 0) {
        clearTimeout(timer);
        resolve(outcomes);
      }
    };
    for (let k = 0; k < count; k++) {
      const i = from + k;
      const url = cmd.urls[i % cmd.urls.length];
      const ws = new WebSocket(`${url}/ws/fanout-${process.pid}-${i}`);
      const s: Sock = { ws, url };
      sockets.push(s);
      // Every error is listened to (an unheard one would end this process, and the bench would wait for it).
      ws.on('error', (err) => {
        r.firstError ??= String(err);
        settle(k, 'failed');
      });
      ws.on('close', (code) => {
        closed++; // counted: a gateway past its limits may close slow sockets
        if (outcomes[k] === undefined) r.closeCodes[code] = (r.closeCodes[code] ?? 0) + 1;
        settle(k, 'closed');
      });
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return;
        const text = data.toString();
        // Subscribed once DEPTH's ACK is in (an ACK is never dropped; a snapshot may be, for a slow socket).
        if (outcomes[k] === undefined && text.includes('"type":"ACK"') && text.includes('DEPTH'))
          settle(k, 'subscribed');
        onFrame(s, text);
      });
      ws.once('open', () => {
        const one = cmd.symbols[i % cmd.symbols.length];
        for (const symbol of cmd.symbols) ws.send(JSON.stringify({ op: 'subscribe', type: 'DETAIL', symbol }));
        ws.send(JSON.stringify({ op: 'subscribe', type: 'KLINE', symbol: one, interval: '1m' }));
        ws.send(JSON.stringify({ op: 'subscribe', type: 'TRADE', symbol: one }));
        ws.send(JSON.stringify({ op: 'subscribe', type: 'DEPTH', symbol: cmd.books[i % cmd.books.length] }));
      });
    }
  });
}

const reply = (m: unknown) => process.send?.(m);

process.on('message', (cmd: ClientCommand) => {
  switch (cmd.op) {
    case 'open':
      open(cmd).then(
        (r) => reply(r),
        (err: unknown) => reply({ op: 'error', message: String(err) }),
      );
      return;
    case 'start':
      frames = 0;
      closed = 0;
      perUrl = {};
      coreHist = new Array<number>(BUCKETS).fill(0);
      gwHist = new Array<number>(BUCKETS).fill(0);
      counting = true;
      reply({ op: 'started' });
      return;
    case 'stop': {
      counting = false;
      const stats: ClientStats = {
        op: 'stats',
        frames,
        perUrl,
        coreToSocket: coreHist,
        gatewayToSocket: gwHist,
        closed,
      };
      reply(stats);
      return;
    }
    case 'close': {
      const all = sockets;
      sockets = [];
      void Promise.all(
        all.map(
          (s) =>
            new Promise<void>((resolve) => {
              if (s.ws.readyState === WebSocket.CLOSED) return resolve();
              s.ws.once('close', () => resolve());
              s.ws.terminate();
            }),
        ),
      ).then(() => reply({ op: 'closed' }));
      return;
    }
  }
});
process.on('disconnect', () => process.exit(0));
