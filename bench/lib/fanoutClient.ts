/**
 * The socket side of `npm run bench:fanout`, in its own process (so the clients are not the bottleneck, and
 * their CPU is measured apart). Driven over IPC by bench/fanout.bench.ts:
 * - `{ op: 'open', urls, from, count, symbols }`: opens `count` sockets, socket i on `urls[i % urls.length]`,
 *   each on DETAIL of every symbol, KLINE 1m, TRADE and DEPTH of one; answers `{ op: 'opened' }` once every
 *   socket has DEPTH's ACK.
 * - `{ op: 'start' }`: counts from now; `{ op: 'stop' }` answers `{ op: 'stats', ... }`.
 * - `{ op: 'close' }`: closes every socket, answers `{ op: 'closed' }`.
 * Latency: receive time minus the newest trade's time in a TRADE frame (the core's clock when the trade was made:
 * core to socket), and minus the frame's `ts` (the gateway's send time: gateway to socket); 1 ms buckets.
 */
import WebSocket from 'ws';

export type ClientCommand =
  | { op: 'open'; urls: string[]; from: number; count: number; symbols: string[]; books: string[] }
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

async function open(urls: string[], from: number, count: number, symbols: string[], books: string[]): Promise<void> {
  for (let k = 0; k < count; k += BATCH) await openSome(urls, from + k, Math.min(BATCH, count - k), symbols, books);
}

function openSome(urls: string[], from: number, count: number, symbols: string[], books: string[]): Promise<void> {
  const opened: Promise<void>[] = [];
  for (let k = 0; k < count; k++) {
    const i = from + k;
    const url = urls[i % urls.length];
    const ws = new WebSocket(`${url}/ws/fanout-${process.pid}-${i}`);
    const s: Sock = { ws, url };
    sockets.push(s);
    opened.push(
      new Promise((resolve, reject) => {
        ws.once('error', reject);
        ws.on('close', () => {
          closed++;
          resolve(); // counted: a gateway past its limits may close slow sockets
        });
        ws.on('message', (data: Buffer, isBinary: boolean) => {
          if (isBinary) return;
          const text = data.toString();
          // Subscribed once DEPTH's ACK is in (an ACK is never dropped; a snapshot may be, for a slow socket).
          if (text.includes('"type":"ACK"') && text.includes('DEPTH')) resolve();
          onFrame(s, text);
        });
        ws.once('open', () => {
          const one = symbols[i % symbols.length];
          for (const symbol of symbols) ws.send(JSON.stringify({ op: 'subscribe', type: 'DETAIL', symbol }));
          ws.send(JSON.stringify({ op: 'subscribe', type: 'KLINE', symbol: one, interval: '1m' }));
          ws.send(JSON.stringify({ op: 'subscribe', type: 'TRADE', symbol: one }));
          ws.send(JSON.stringify({ op: 'subscribe', type: 'DEPTH', symbol: books[i % books.length] }));
        });
      }),
    );
  }
  return Promise.all(opened).then(() => undefined);
}

const reply = (m: unknown) => process.send?.(m);

process.on('message', (cmd: ClientCommand) => {
  switch (cmd.op) {
    case 'open':
      open(cmd.urls, cmd.from, cmd.count, cmd.symbols, cmd.books).then(
        () => reply({ op: 'opened' }),
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
