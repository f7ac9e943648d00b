/**
 * Seeded synthetic DEPTH traffic for the engine benchmark (BOOK-8): per symbol a market maker's ladder around a
 * walking mid price (levels a tick apart, sizes growing outward), sent as one snapshot and then deltas, each
 * changing 1 to 4 levels (mostly near the top: new sizes, removals, the ladder following the mid), with the
 * per-symbol depth seq and the per-socket seq a server would put on them, already encoded as socket strings.
 */
import { mulberry32 } from '../../src/shared/random';

export interface DepthTraffic {
  symbols: string[];
  /** ACK frames for each DEPTH:symbol, seq 1..n. */
  acks: string[];
  /** One snapshot per symbol (sent after the ACKs, untimed). */
  snapshots: string[];
  /** Deltas, round robin over the symbols. */
  frames: string[];
  /** Price levels carried by the deltas. */
  levels: number;
}

function fixed(units: number, scale: number): string {
  if (scale === 0) return String(units);
  const s = String(units).padStart(scale + 1, '0');
  return s.slice(0, s.length - scale) + '.' + s.slice(s.length - scale);
}

const LADDER = 40;

export function makeDepthTraffic(opts: { symbols: number; deltas: number; seed: number; start: number }): DepthTraffic {
  const rnd = mulberry32(opts.seed);
  const symbols = Array.from({ length: opts.symbols }, (_, i) => `book${i}usdt`);
  const books = symbols.map((_, i) => {
    const magnitude = [60_000, 3_000, 150, 25, 1.2][i % 5];
    const scale = magnitude >= 100 ? 2 : 4;
    const mid = Math.round(magnitude * 10 ** scale);
    const bids = new Map<number, string>();
    const asks = new Map<number, string>();
    const size = (d: number) => fixed(1 + Math.floor(rnd() * 5_000 * (1 + d / 4)), 4);
    for (let d = 1; d <= LADDER; d++) {
      bids.set(mid - d, size(d));
      asks.set(mid + d, size(d));
    }
    return { scale, mid, bids, asks, seq: 1, size };
  });
  let seq = 0;
  const ts = opts.start;
  const acks = symbols.map((s) =>
    JSON.stringify({ type: 'ACK', origin: 'bench', data: { op: 'subscribe', key: `DEPTH:${s}` }, seq: ++seq, ts }),
  );
  const side = (m: Map<number, string>, desc: boolean, scale: number) =>
    [...m.entries()].sort((a, b) => (desc ? b[0] - a[0] : a[0] - b[0])).map(([p, a]) => [fixed(p, scale), a]);
  const snapshots = symbols.map((symbol, i) => {
    const b = books[i];
    const data = { seq: b.seq, snapshot: true, bids: side(b.bids, true, b.scale), asks: side(b.asks, false, b.scale) };
    return JSON.stringify({ type: 'DEPTH', symbol, origin: 'bench', data, seq: ++seq, ts });
  });
  const frames: string[] = [];
  let levels = 0;
  for (let n = 0; n < opts.deltas; n++) {
    const i = n % symbols.length;
    const b = books[i];
    const bids: [string, string][] = [];
    const asks: [string, string][] = [];
    if (rnd() < 0.15) {
      // The mid moves a tick: the ladder follows (one level leaves a side, one joins the other).
      const up = rnd() < 0.5;
      if (up) {
        b.asks.delete(b.mid + 1);
        asks.push([fixed(b.mid + 1, b.scale), '0']);
        b.mid++;
        const p = b.mid - 1;
        const a = b.size(1);
        b.bids.set(p, a);
        bids.push([fixed(p, b.scale), a]);
      } else {
        b.bids.delete(b.mid - 1);
        bids.push([fixed(b.mid - 1, b.scale), '0']);
        b.mid--;
        const p = b.mid + 1;
        const a = b.size(1);
        b.asks.set(p, a);
        asks.push([fixed(p, b.scale), a]);
      }
    } else {
      const k = 1 + Math.floor(rnd() * 4);
      for (let j = 0; j < k; j++) {
        const d = 1 + Math.floor(rnd() * rnd() * LADDER);
        const bid = rnd() < 0.5;
        const p = bid ? b.mid - d : b.mid + d;
        const m = bid ? b.bids : b.asks;
        const a = rnd() < 0.1 ? '0' : b.size(d);
        if (a === '0') m.delete(p);
        else m.set(p, a);
        (bid ? bids : asks).push([fixed(p, b.scale), a]);
      }
    }
    levels += bids.length + asks.length;
    b.seq++;
    frames.push(
      JSON.stringify({
        type: 'DEPTH',
        symbol: symbols[i],
        origin: 'bench',
        data: { seq: b.seq, bids, asks },
        seq: ++seq,
        ts: ts + n,
      }),
    );
  }
  return { symbols, acks, snapshots, frames, levels };
}
