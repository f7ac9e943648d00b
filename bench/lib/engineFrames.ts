/**
 * Seeded synthetic market traffic for the engine benchmark: per server tick and symbol one TRADE
 * frame (a batch of 1-3 trades) then one DETAIL frame, as the reference server sends them, already
 * encoded as the strings a socket delivers. Prices walk per symbol with 2-8 decimals by magnitude,
 * quantities have 0-6 decimals.
 */
import type { PriceInfo, Trade } from '../../src/shared/protocol';
import { mulberry32 } from '../../src/shared/random';

export interface Traffic {
  symbols: string[];
  /** ACK frames for `keys`, seq 1..keys.length (sent first so every seed can complete). */
  acks: string[];
  /** Data frames, seq continuing after the ACKs. */
  frames: string[];
  trades: number;
}

/** Fixed-point string of an integer count of 10^-scale units. */
function fixed(units: number, scale: number): string {
  if (scale === 0) return String(units);
  const s = String(units).padStart(scale + 1, '0');
  return s.slice(0, s.length - scale) + '.' + s.slice(s.length - scale);
}

export function makeTraffic(opts: {
  symbols: number;
  ticks: number;
  seed: number;
  start: number;
  keys: string[];
}): Traffic {
  const rnd = mulberry32(opts.seed);
  const symbols = Array.from({ length: opts.symbols }, (_, i) => `sym${i}usdt`);
  // Per symbol: price in integer units at a scale that fits its magnitude (BTC-like to meme-coin-like).
  const state = symbols.map((_, i) => {
    const magnitude = [60_000, 3_000, 150, 25, 1.2, 0.05, 0.00002][i % 7];
    const scale = magnitude >= 100 ? 2 : magnitude >= 1 ? 4 : 8;
    const units = Math.round(magnitude * 10 ** scale);
    return { scale, units, open: units, high: units, low: units, vol: 0, id: 0 };
  });
  let seq = 0;
  const acks = opts.keys.map((key) =>
    JSON.stringify({ type: 'ACK', origin: 'bench', data: { op: 'subscribe', key }, seq: ++seq, ts: opts.start }),
  );
  const frames: string[] = [];
  let trades = 0;
  for (let tick = 0; tick < opts.ticks; tick++) {
    const ts = opts.start + tick * 10; // a 10 ms server tick
    for (let i = 0; i < symbols.length; i++) {
      const st = state[i];
      const n = 1 + Math.floor(rnd() * 3);
      const batch: Trade[] = [];
      for (let k = 0; k < n; k++) {
        const step = Math.max(1, Math.round(st.units * 0.0005));
        st.units = Math.max(1, st.units + Math.round((rnd() - 0.5) * 2 * step));
        st.high = Math.max(st.high, st.units);
        st.low = Math.min(st.low, st.units);
        const qtyScale = Math.floor(rnd() * 7);
        const qtyUnits = 1 + Math.floor(rnd() * 50_000);
        st.vol += qtyUnits / 10 ** qtyScale;
        batch.push({
          id: ++st.id,
          price: fixed(st.units, st.scale),
          qty: fixed(qtyUnits, qtyScale),
          side: rnd() < 0.5 ? 'buy' : 'sell',
          ts,
        });
      }
      trades += n;
      frames.push(
        JSON.stringify({ type: 'TRADE', symbol: symbols[i], origin: 'bench', data: { trades: batch }, seq: ++seq, ts }),
      );
      const change = st.units - st.open;
      const info: PriceInfo = {
        close: batch[batch.length - 1].price,
        openPrice: fixed(st.open, st.scale),
        change: (change < 0 ? '-' : '') + fixed(Math.abs(change), st.scale),
        priceChangePercent: ((change / st.open) * 100).toFixed(4),
        open: fixed(st.open, st.scale),
        low: fixed(st.low, st.scale),
        high: fixed(st.high, st.scale),
        volume: st.vol.toFixed(6),
        volume24: st.vol.toFixed(6),
        high24: fixed(st.high, st.scale),
        low24: fixed(st.low, st.scale),
        amount24: (st.vol * (st.units / 10 ** st.scale)).toFixed(2),
      };
      frames.push(JSON.stringify({ type: 'DETAIL', symbol: symbols[i], origin: 'bench', data: info, seq: ++seq, ts }));
    }
  }
  return { symbols, acks, frames, trades };
}

/** Seeded price strings across magnitudes, and the same values as numbers, for the formatter. */
export function makePrices(n: number, seed: number): { strings: string[]; numbers: number[] } {
  const rnd = mulberry32(seed);
  const strings: string[] = [];
  for (let i = 0; i < n; i++) {
    const exp = Math.floor(rnd() * 12) - 6; // 1e-6 .. 1e5
    const scale = Math.max(0, 8 - Math.max(0, exp));
    const units = Math.floor(rnd() * 9 * 10 ** (Math.max(exp, -6) + scale)) + 10 ** Math.max(0, exp + scale);
    strings.push(fixed(Math.min(units, Number.MAX_SAFE_INTEGER), scale));
  }
  return { strings, numbers: strings.map(Number) };
}
