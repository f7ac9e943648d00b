/**
 * `npm run bench`: the engine's ingest and its formatter, each against a baseline in the same run.
 *
 * 1. Ingest: seeded synthetic TRADE + DETAIL frames for 50 symbols go, as strings, through a fake
 *    socket into a real engine that watches, per symbol, the ticker, the recent trades and klines of
 *    all 8 intervals (parse, validate, aggregate, build candles, format). Baseline: a bare JSON.parse
 *    loop over the same strings. engine_vs_parse_ratio = engine throughput / parse throughput.
 * 2. Formatter: formatPrice (spec 9.2, exact strings) on seeded prices across magnitudes, against
 *    Number.prototype.toFixed(2) on the same values as numbers. format_vs_tofixed_ratio = time / time.
 * 3. Depth (BOOK-8): seeded DEPTH deltas for 10 books (market-maker ladders, 1 to 4 levels a delta) go, as
 *    strings, through a real engine that watches each book grouped by tick x 1 and x 100, and reads the views
 *    that changed every DEPTH_FRAME deltas, as the worker does once per tab frame (parse, validate, apply to
 *    the exact book, decide which views changed, group and format them). depth_deltas_per_s is the median of
 *    three runs; baseline: a bare JSON.parse loop over the same strings.
 *
 * Warm-up, then several rounds, medians. The ingest alternates parse-only and engine slice by slice
 * (SLICE frames each) so that both see the same machine load; ratios are medians of per-round ratios. Prints a table; the LAST line is one JSON object.
 * Writes bench/results/engine-latest.json and .md. Not a test: no thresholds are asserted.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KLINE_INTERVALS } from '../src/shared/protocol';
import { createMarketEngine } from '../src/engine/index';
import { formatChangePct, formatPrice, formatShort } from '../src/engine';
import { topicKey, type MarketEngine } from '../src/engine';
import { FakeSocketFactory } from '../src/engine/testing/fakeSocket';
import { FakeTime } from '../src/engine/testing/fakeTime';
import { makePrices, makeTraffic, type Traffic } from './lib/engineFrames';
import { makeDepthTraffic, type DepthTraffic } from './lib/depthFrames';

const SYMBOLS = 50;
const TICKS = 400; // x 50 symbols x 2 frames = 40,000 frames, ~80,000 trades per round
const ROUNDS = 9;
const FORMAT_N = 200_000;
const START = Date.UTC(2024, 0, 1, 0, 0, 0);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

function serverKeys(symbols: string[]): string[] {
  const keys = ['HEARTBEAT'];
  for (const s of symbols) {
    keys.push(`DETAIL:${s}`, `TRADE:${s}`);
    for (const iv of KLINE_INTERVALS) keys.push(`KLINE:${s}:${iv}`);
  }
  return keys;
}

/** A fresh engine watching everything, socket open, every seed completed (empty history). */
async function readyEngine(
  traffic: Traffic,
): Promise<{ engine: MarketEngine; deliver: (s: string) => void; changes: () => number }> {
  const time = new FakeTime(START);
  const sockets = new FakeSocketFactory();
  const engine = createMarketEngine({
    clock: time,
    timers: time,
    openSocket: sockets.open,
    httpGet: async () => ({ code: 200, msg: 'success', data: [] }),
    random: () => 0,
    newId: () => 'bench',
    wsBase: 'ws://bench/ws/',
  });
  for (const symbol of traffic.symbols) {
    engine.acquire({ kind: 'ticker', symbol });
    engine.acquire({ kind: 'trades', symbol });
    for (const interval of KLINE_INTERVALS) engine.acquire({ kind: 'klines', symbol, interval });
  }
  let changed = 0;
  engine.onChange((keys) => {
    changed += keys.size; // what a host does: note the keys for the next frame's batch
  });
  const sock = sockets.last;
  sock.serverOpen();
  for (const ack of traffic.acks) sock.serverSend(ack);
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
  const onmessage = sock.onmessage!;
  return { engine, deliver: (data: string) => onmessage({ data }), changes: () => changed };
}

/** Frames per slice: parse-only and engine alternate slice by slice, so both see the same machine load. */
const SLICE = 500;

async function benchIngest(traffic: Traffic) {
  const frames = traffic.frames;
  const engineMs: number[] = [];
  const parseMs: number[] = [];
  const ratios: number[] = [];
  let sink = 0;
  let check: { rejected: number; candles: number; changes: number } | null = null;
  for (let round = -2; round < ROUNDS; round++) {
    // A fresh engine each round (trade ids would otherwise be duplicates); its setup is not timed.
    const { engine, deliver, changes } = await readyEngine(traffic);
    let parse = 0;
    let ms = 0;
    for (let from = 0; from < frames.length; from += SLICE) {
      const to = Math.min(frames.length, from + SLICE);
      let t0 = performance.now();
      for (let i = from; i < to; i++) sink += (JSON.parse(frames[i]) as { seq: number }).seq;
      parse += performance.now() - t0;
      t0 = performance.now();
      for (let i = from; i < to; i++) deliver(frames[i]);
      ms += performance.now() - t0;
    }
    if (round >= 0) {
      engineMs.push(ms);
      parseMs.push(parse);
      ratios.push(parse / ms);
    }
    const d = engine.diagnostics();
    check = {
      rejected: d.framesRejected,
      candles: engine.klineView(traffic.symbols[0], '1m')?.length ?? 0,
      changes: changes(),
    };
    engine.dispose();
  }
  return { engine: median(engineMs), parse: median(parseMs), ratio: median(ratios), sink, check: check! };
}

const DEPTH_BOOKS = 10;
const DEPTH_DELTAS = 60_000;
/**
 * Deltas between two reads of the changed views (one worker frame): 5 per book, i.e. 300 deltas a second per
 * book at 60 frames a second, beyond the flood (10,000 trades a second over 50 symbols: 200 a symbol).
 */
const DEPTH_FRAME = 50;
const DEPTH_ROUNDS = 3;
const DEPTH_GROUPS = [1, 100] as const;

async function benchDepth(traffic: DepthTraffic) {
  const frames = traffic.frames;
  const engineMs: number[] = [];
  const parseMs: number[] = [];
  let sink = 0;
  let check = { applied: 0, resyncs: 0, rejected: 0, views: 0, rows: 0 };
  for (let round = -1; round < DEPTH_ROUNDS; round++) {
    const time = new FakeTime(START);
    const sockets = new FakeSocketFactory();
    const engine = createMarketEngine({
      clock: time,
      timers: time,
      openSocket: sockets.open,
      httpGet: async () => ({ code: 0, msg: 'not in the benchmark', data: null }),
      random: () => 0,
      newId: () => 'bench',
      wsBase: 'ws://bench/ws/',
    });
    const topics = traffic.symbols.flatMap((symbol) =>
      DEPTH_GROUPS.map((group) => ({ kind: 'depth' as const, symbol, pricePrecision: 2, amountPrecision: 4, group })),
    );
    const byKey = new Map(topics.map((t) => [topicKey(t), t]));
    for (const t of topics) engine.acquire(t);
    const dirty = new Set<string>();
    engine.onChange((keys) => {
      for (const k of keys) dirty.add(k);
    });
    let views = 0;
    const readViews = () => {
      for (const k of dirty) {
        const t = byKey.get(k); // (besides the topics, the engine names its connection)
        if (t && engine.depthView(t)) views++;
      }
      dirty.clear();
    };
    const sock = sockets.last;
    sock.serverOpen();
    const onmessage = sock.onmessage!;
    for (const f of [...traffic.acks, ...traffic.snapshots]) onmessage({ data: f });
    readViews();
    let parse = 0;
    let ms = 0;
    for (let from = 0; from < frames.length; from += SLICE) {
      const to = Math.min(frames.length, from + SLICE);
      let t0 = performance.now();
      for (let i = from; i < to; i++) sink += (JSON.parse(frames[i]) as { seq: number }).seq;
      parse += performance.now() - t0;
      t0 = performance.now();
      for (let i = from; i < to; i++) {
        onmessage({ data: frames[i] });
        if (i % DEPTH_FRAME === DEPTH_FRAME - 1) readViews();
      }
      ms += performance.now() - t0;
    }
    if (round >= 0) {
      engineMs.push(ms);
      parseMs.push(parse);
    }
    const d = engine.diagnostics();
    const v = engine.depthView(topics[0])!;
    check = {
      applied: d.depthFramesApplied,
      resyncs: d.depthResyncs,
      rejected: d.framesRejected,
      views,
      rows: v.asks.length + v.bids.length,
    };
    engine.dispose();
  }
  return { engine: median(engineMs), parse: median(parseMs), sink, check };
}

function benchFormat() {
  const { strings, numbers } = makePrices(FORMAT_N, 7);
  const pct = strings.map((s, i) => (i % 3 === 0 ? '-' : '') + s.slice(0, 8));
  const fmtMs: number[] = [];
  const fixMs: number[] = [];
  const shortMs: number[] = [];
  const pctMs: number[] = [];
  let sink = 0;
  const fmtRatios: number[] = [];
  for (let round = -3; round < ROUNDS; round++) {
    let t0 = performance.now();
    for (let i = 0; i < FORMAT_N; i++) sink += numbers[i].toFixed(2).length;
    const fix = performance.now() - t0;
    t0 = performance.now();
    for (let i = 0; i < FORMAT_N; i++) sink += formatPrice(strings[i]).length;
    const fmt = performance.now() - t0;
    t0 = performance.now();
    for (let i = 0; i < FORMAT_N; i++) sink += formatShort(strings[i]).length;
    const short = performance.now() - t0;
    t0 = performance.now();
    for (let i = 0; i < FORMAT_N; i++) sink += formatChangePct(pct[i]).length;
    const p = performance.now() - t0;
    if (round >= 0) {
      fmtMs.push(fmt);
      fixMs.push(fix);
      shortMs.push(short);
      pctMs.push(p);
      fmtRatios.push(fmt / fix);
    }
  }
  return {
    fmt: median(fmtMs),
    fix: median(fixMs),
    short: median(shortMs),
    pct: median(pctMs),
    ratio: median(fmtRatios),
    sink,
  };
}

async function main() {
  const symbols = Array.from({ length: SYMBOLS }, (_, i) => `sym${i}usdt`);
  const traffic = makeTraffic({ symbols: SYMBOLS, ticks: TICKS, seed: 42, start: START, keys: serverKeys(symbols) });
  const ingest = await benchIngest(traffic);
  const fmt = benchFormat();
  const depthTraffic = makeDepthTraffic({ symbols: DEPTH_BOOKS, deltas: DEPTH_DELTAS, seed: 13, start: START });
  const depth = await benchDepth(depthTraffic);

  const n = traffic.frames.length;
  const engineMsgsPerS = (n / ingest.engine) * 1000;
  const parseMsgsPerS = (n / ingest.parse) * 1000;
  const ns = (ms: number) => (ms * 1e6) / FORMAT_N;
  const result = {
    engine_msgs_per_s: Math.round(engineMsgsPerS),
    engine_trades_per_s: Math.round((traffic.trades / ingest.engine) * 1000),
    parse_msgs_per_s: Math.round(parseMsgsPerS),
    // Median over rounds of (parse time / engine time) of the same round.
    engine_vs_parse_ratio: +ingest.ratio.toFixed(3),
    format_ns_per_op: +ns(fmt.fmt).toFixed(1),
    tofixed_ns_per_op: +ns(fmt.fix).toFixed(1),
    // Median over rounds of (formatPrice time / toFixed time) of the same round.
    format_vs_tofixed_ratio: +fmt.ratio.toFixed(3),
    format_short_ns_per_op: +ns(fmt.short).toFixed(1),
    format_change_pct_ns_per_op: +ns(fmt.pct).toFixed(1),
    // Median of three runs: DEPTH deltas applied per second, views read every DEPTH_FRAME deltas.
    depth_deltas_per_s: Math.round((DEPTH_DELTAS / depth.engine) * 1000),
    depth_levels_per_s: Math.round((depthTraffic.levels / depth.engine) * 1000),
    depth_parse_msgs_per_s: Math.round((DEPTH_DELTAS / depth.parse) * 1000),
    depth_views_built_per_run: depth.check.views,
    depth_books: DEPTH_BOOKS,
    depth_deltas_per_run: DEPTH_DELTAS,
    frames_per_round: n,
    trades_per_round: traffic.trades,
    symbols: SYMBOLS,
    kline_intervals: KLINE_INTERVALS.length,
    rounds: ROUNDS,
    frames_rejected: ingest.check.rejected,
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    date: new Date().toISOString(),
  };

  const rows: [string, string, string][] = [
    [
      'engine ingest (parse+validate+aggregate+8 intervals x 50 symbols)',
      `${result.engine_msgs_per_s.toLocaleString('en')} msgs/s`,
      `${result.engine_trades_per_s.toLocaleString('en')} trades/s`,
    ],
    ['baseline: bare JSON.parse, same frames', `${result.parse_msgs_per_s.toLocaleString('en')} msgs/s`, ''],
    [
      'engine_vs_parse_ratio (target >= 0.5)',
      String(result.engine_vs_parse_ratio),
      result.engine_vs_parse_ratio >= 0.5 ? 'met' : 'NOT met',
    ],
    ['formatPrice (9.2, exact strings)', `${result.format_ns_per_op} ns/op`, ''],
    ['baseline: Number#toFixed(2), same values', `${result.tofixed_ns_per_op} ns/op`, ''],
    [
      'format_vs_tofixed_ratio (target <= 2)',
      String(result.format_vs_tofixed_ratio),
      result.format_vs_tofixed_ratio <= 2 ? 'met' : 'NOT met',
    ],
    ['formatShort (K/M/B/T)', `${result.format_short_ns_per_op} ns/op`, ''],
    ['formatChangePct', `${result.format_change_pct_ns_per_op} ns/op`, ''],
    [
      `depth deltas applied (${DEPTH_BOOKS} books x 2 groupings, views read every ${DEPTH_FRAME})`,
      `${result.depth_deltas_per_s.toLocaleString('en')} deltas/s`,
      `${result.depth_levels_per_s.toLocaleString('en')} levels/s, median of ${DEPTH_ROUNDS}`,
    ],
    [
      'baseline: bare JSON.parse, same DEPTH frames',
      `${result.depth_parse_msgs_per_s.toLocaleString('en')} msgs/s`,
      '',
    ],
  ];
  const md = [
    `| measure | value | note |`,
    `| --- | --- | --- |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    `${n.toLocaleString('en')} frames (${traffic.trades.toLocaleString('en')} trades) per round, ${ROUNDS} rounds after warm-up, medians; ${result.node}, ${result.cpu}, ${result.date.slice(0, 10)}.`,
  ].join('\n');

  if (ingest.check.rejected !== 0) console.error(`warning: ${ingest.check.rejected} synthetic frames were rejected`);
  if (ingest.check.candles === 0) console.error('warning: the engine built no candles');
  const dc = depth.check;
  if (dc.applied !== DEPTH_DELTAS + DEPTH_BOOKS || dc.resyncs !== 0 || dc.rejected !== 0 || dc.rows === 0)
    console.error(`warning: depth run not clean: ${JSON.stringify(dc)}`);
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log('Engine benchmark (Node)');
  for (const r of rows) console.log(`${r[0].padEnd(width)}  ${r[1].padStart(22)}  ${r[2]}`);
  const dir = join(dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'engine-latest.json'), JSON.stringify(result, null, 2) + '\n');
  writeFileSync(join(dir, 'engine-latest.md'), md + '\n');
  if (ingest.sink === -1 || fmt.sink === -1 || depth.sink === -1) console.log('');
  console.log(JSON.stringify(result));
}

void main();
