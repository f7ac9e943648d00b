/**
 * The mark prices (FUT-3): a fair price one trader cannot push. Once per mark interval, every pair that has traded
 * gets a mark tick from two inputs sampled at the tick:
 *
 * - the index: the simulator's reference price (`Market.indexPrice`, the price model standing for the external
 *   venues an exchange reads), which no order on our book moves;
 * - the basis sample: the last public trade at or before the tick (the newest the tape has published by then)
 *   minus the index.
 *
 * The basis is the time-weighted average of the samples over the last `basisWindowMs` (each sample stands for the
 * time since the previous tick; time before the first tick counts as basis 0), rounded half away from zero to the
 * price's decimals; the mark is index + basis, clamped to index x (1 +- band) (the lower edge rounded up, the upper
 * down, so the mark is always inside). A sweep that moves the last trade for one tick moves the basis by at most
 * its deviation x (tick interval / window), and never the mark out of the band. All arithmetic is exact (integers
 * of the price's smallest unit), never binary floating point.
 *
 * Nothing else goes in, so anyone holding the published ticks (time, index, trade id) and the tape computes the
 * same marks (`markAt` is that function). Futures value positions, liquidate and trigger take-profits
 * and stop-losses at these ticks only.
 */
import type { Trade } from '../../../src/shared/protocol';
import type { MarkTick } from '../../../src/shared/schemas/futures';
import type { Market, Marks, ServerConfig } from '../context';
import type { Scheduler } from '../time/scheduler';
import { fmtBig } from './units';

/** Ticks kept per symbol (10 minutes at the default 1 s interval). */
export const MARKS_KEPT = 600;

/** How the mark is made from its inputs (ServerConfig.mark). */
export type MarkRule = ServerConfig['mark'];

/** The inputs of one tick of a symbol: its time, the index sampled then and the last trade at or before it. */
export interface MarkInput {
  time: number;
  index: string;
  trade: Trade;
}

/** Decimals of a decimal string as written ("64123.50" -> 2). */
function decimalsOf(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** A plain decimal string with at most `scale` decimals as an integer of 10^-scale units ("-1.5", 2 -> -150n). */
function units(s: string, scale: number): bigint {
  const dot = s.indexOf('.');
  return BigInt((dot < 0 ? s : s.slice(0, dot) + s.slice(dot + 1)) + '0'.repeat(scale - decimalsOf(s)));
}

/** a / b rounded down (towards minus infinity), b > 0. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** a / b rounded half away from zero, b > 0. */
function roundDiv(a: bigint, b: bigint): bigint {
  const neg = a < 0n;
  const m = neg ? -a : a;
  const q = m / b + ((m % b) * 2n >= b ? 1n : 0n);
  return neg ? -q : q;
}

/** One tick's basis sample: its time and last trade - index, in units of 10^-fine. */
interface Sample {
  time: number;
  diff: bigint;
}

/** The basis at the last sample's time, in units of 10^-scale (the samples in units of 10^-fine, fine >= scale). */
function basisOf(samples: readonly Sample[], windowMs: number, fine: number, scale: number): bigint {
  const from = samples[samples.length - 1].time - windowMs;
  let sum = 0n;
  for (let k = 1; k < samples.length; k++) {
    const weight = samples[k].time - Math.max(samples[k - 1].time, from);
    if (weight > 0) sum += samples[k].diff * BigInt(weight);
  }
  return roundDiv(sum, BigInt(windowMs) * 10n ** BigInt(fine - scale));
}

/** The tick from the last input and the basis (units of 10^-scale, scale = the index's decimals). */
function tickOf(symbol: string, last: MarkInput, basis: bigint, band: string): MarkTick {
  const scale = decimalsOf(last.index);
  const index = units(last.index, scale);
  const bandScale = decimalsOf(band);
  const b = units(band, bandScale);
  const one = 10n ** BigInt(bandScale);
  const lo = -floorDiv(-index * (one - b), one); // rounded up: inside the band
  const hi = floorDiv(index * (one + b), one); // rounded down
  const raw = index + basis;
  const mark = raw < lo ? lo : raw > hi ? hi : raw;
  return {
    symbol,
    price: fmtBig(mark, scale),
    time: last.time,
    index: fmtBig(index, scale),
    basis: fmtBig(basis, scale),
    tradeId: last.trade.id,
    tradeTime: last.trade.ts,
  };
}

const sampleOf = (x: MarkInput, fine: number): Sample => ({
  time: x.time,
  diff: units(x.trade.price, fine) - units(x.index, fine),
});

/**
 * The mark tick at the last of `inputs` (one per tick of the symbol, oldest first; inputs older than the window
 * may be left out, except the one just before it, which gives the first sample in the window its start).
 * Exact integer arithmetic in units of the finest decimal among the inputs; the results at the index's decimals.
 */
export function markOf(symbol: string, inputs: readonly MarkInput[], rule: MarkRule): MarkTick {
  const last = inputs[inputs.length - 1];
  const scale = decimalsOf(last.index);
  let fine = scale;
  for (const x of inputs) fine = Math.max(fine, decimalsOf(x.index), decimalsOf(x.trade.price));
  const samples = inputs.map((x) => sampleOf(x, fine));
  return tickOf(symbol, last, basisOf(samples, rule.basisWindowMs, fine, scale), rule.band);
}

/**
 * The mark at `time` from what every tick publishes: its time, its index and its trade (the last trade the tape
 * had published at or before the tick, by id), oldest first, and the tape. A tick whose trade is not on `tape` is
 * refused (the caller's tape is missing a trade).
 */
export function markAt(
  symbol: string,
  samples: readonly { time: number; index: string; tradeId: number }[],
  tape: readonly Trade[],
  time: number,
  rule: MarkRule,
): MarkTick | undefined {
  const byId = new Map(tape.map((t) => [t.id, t]));
  const inputs: MarkInput[] = [];
  for (const s of samples) {
    if (s.time > time) break;
    const trade = byId.get(s.tradeId);
    if (!trade) throw new RangeError(`trade ${s.tradeId} of the tick at ${s.time} is not on the tape`);
    inputs.push({ time: s.time, index: s.index, trade });
  }
  return inputs.length && inputs[inputs.length - 1].time === time ? markOf(symbol, inputs, rule) : undefined;
}

type MarkListener = (ticks: MarkTick[]) => void;

export class MarkBoard implements Marks {
  private readonly last = new Map<string, Trade>();
  /** Per symbol: the inputs of the ticks in the basis window and the one before it, with their samples. */
  private readonly inputs = new Map<string, { input: MarkInput; fine: number; sample: Sample }[]>();
  private readonly logs = new Map<string, MarkTick[]>();
  private readonly now = new Map<string, MarkTick>();
  private listeners: MarkListener[] = [];

  constructor(
    private readonly market: Pick<Market, 'onTrades' | 'indexPrice'>,
    private readonly rule: MarkRule,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    market.onTrades((symbol, trades) => {
      const prev = this.last.get(symbol);
      let t = prev;
      for (const x of trades) if (!t || x.ts > t.ts || (x.ts === t.ts && x.id > t.id)) t = x;
      if (t && t !== prev) this.last.set(symbol, t);
    });
  }

  current(symbol: string): MarkTick | undefined {
    return this.now.get(symbol);
  }

  recent(symbol: string, limit: number): MarkTick[] {
    const log = this.logs.get(symbol) ?? [];
    return log.slice(Math.max(0, log.length - limit));
  }

  onMark(listener: MarkListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  update(now: number): MarkTick[] {
    const ticks: MarkTick[] = [];
    for (const [symbol, trade] of this.last) {
      // A trade stamped after `now` cannot be the mark at `now` (the tape is in time order, so none can be yet).
      if (trade.ts > now) continue;
      const index = this.market.indexPrice(symbol);
      if (index === undefined) continue;
      let inputs = this.inputs.get(symbol);
      if (!inputs) this.inputs.set(symbol, (inputs = []));
      const prev = inputs[inputs.length - 1]?.input;
      if (prev && prev.time > now) continue; // time runs forward only
      if (prev?.time === now) inputs.pop(); // the same tick again: its newest inputs
      const input: MarkInput = { time: now, index, trade };
      const fine = Math.max(decimalsOf(index), decimalsOf(trade.price));
      inputs.push({ input, fine, sample: sampleOf(input, fine) });
      while (inputs.length > 2 && inputs[1].input.time <= now - this.rule.basisWindowMs) inputs.shift();
      // Each sample is parsed once; markOf (the same arithmetic) only if the decimals differ between ticks.
      const tick = inputs.every((x) => x.fine === fine)
        ? tickOf(
            symbol,
            input,
            basisOf(
              inputs.map((x) => x.sample),
              this.rule.basisWindowMs,
              fine,
              decimalsOf(index),
            ),
            this.rule.band,
          )
        : markOf(
            symbol,
            inputs.map((x) => x.input),
            this.rule,
          );
      this.now.set(symbol, tick);
      let log = this.logs.get(symbol);
      if (!log) this.logs.set(symbol, (log = []));
      if (log[log.length - 1]?.time === now) log.pop();
      log.push(tick);
      if (log.length > MARKS_KEPT) log.splice(0, log.length - MARKS_KEPT);
      ticks.push(tick);
    }
    for (const l of this.listeners) {
      try {
        l(ticks);
      } catch (err) {
        this.onError(err);
      }
    }
    return ticks;
  }

  /** The scheduler's job: one update every `everyMs`. */
  job(everyMs: number): Parameters<Scheduler['add']>[0] {
    return { name: 'marks', everyMs, step: (now) => void this.update(now) };
  }
}
