/**
 * `node --import tsx bench/matching.bench.ts`: commands per second through one order book (MATCH-11).
 *
 * A realistic mix from the seeded stream of the differential test (server/src/matching/randomCommands.ts):
 * about half limit orders around a walking mid (most passive, some crossing), cancels aimed at resting orders,
 * a tenth market orders with a 5 % protection limit, eight owners. The commands are generated first, then
 * applied to a fresh book; only the apply loop is timed. Three runs, the median printed. Not a test: no
 * threshold is asserted (the target, 200,000 commands/s on a 2-core machine, is in docs/spec/trading.md).
 *
 * Second figure, the simulator through the books (SIM-9): the flood market (10,000 trades/s over 50 symbols, seed
 * 42) stepped every 10 ms of simulated time as fast as it goes for SIM_SECONDS simulated seconds: each model trade
 * is a maker re-quote and a taker crossing the book, every fill goes to the tape, candles and 24 h statistics, and
 * a depth listener takes each step's deltas (with their decimal strings, as the socket does). Reported as trades
 * per second of this process's CPU time (one core), median of three runs.
 * The LAST line is one JSON object.
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { OrderBook } from '../server/src/matching/book';
import { createSimulator } from '../server/src/market/simulator';
import { T0, TEST_SYMBOLS, testConfig } from '../server/src/market/testSymbols';
import { Metrics } from '../server/src/metrics';
import { commandStream } from '../server/src/matching/randomCommands';
import type { Command } from '../server/src/matching/types';

const COMMANDS = 1_000_000;
const RUNS = 3;

function commandsFor(seed: number): Command[] {
  // The stream aims cancels at resting orders; a shadow book answers which ones still rest.
  const shadow = new OrderBook();
  const stream = commandStream({ seed, isOpen: (id) => shadow.order(id) !== undefined });
  const out: Command[] = new Array<Command>(COMMANDS);
  for (let i = 0; i < COMMANDS; i++) {
    out[i] = stream.next();
    shadow.apply(out[i]);
  }
  return out;
}

const commands = commandsFor(7);
const rates: number[] = [];
let fills = 0;
let refused = 0;
let levels = 0;
for (let run = 0; run < RUNS; run++) {
  const book = new OrderBook();
  fills = 0;
  refused = 0;
  const t0 = performance.now();
  for (let i = 0; i < COMMANDS; i++) {
    const r = book.apply(commands[i]);
    if (r.ok) fills += r.fills.length;
    else refused++;
  }
  const ms = performance.now() - t0;
  const d = book.depth();
  levels = d.bids.length + d.asks.length;
  rates.push(Math.round(COMMANDS / (ms / 1000)));
}
// ---------------------------------------------------------------- the simulator through the books
const SIM_SECONDS = 30;
const simRates: number[] = [];
let simTrades = 0;
let simDeltas = 0;
for (let run = 0; run < RUNS; run++) {
  const sim = createSimulator(testConfig({ flood: { totalRate: 10_000, symbols: 50 } }), TEST_SYMBOLS, new Metrics(), {
    now: T0,
  });
  simDeltas = 0;
  sim.books.onDepth(() => simDeltas++);
  const c0 = process.cpuUsage();
  let trades = 0;
  for (let t = T0 + 10; t <= T0 + SIM_SECONDS * 1000; t += 10) trades += sim.step(t);
  const c = process.cpuUsage(c0);
  simTrades = trades;
  simRates.push(Math.round(trades / ((c.user + c.system) / 1e6)));
}
const simMedian = [...simRates].sort((a, b) => a - b)[RUNS >> 1];

const kinds = { limit: 0, market: 0, cancel: 0 };
for (const c of commands) kinds[c.type === 'cancel' ? 'cancel' : c.kind]++;
const median = [...rates].sort((a, b) => a - b)[RUNS >> 1];
const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `matching: ${COMMANDS.toLocaleString('en')} commands per run (limit ${kinds.limit}, market ${kinds.market}, cancel ${kinds.cancel})`,
);
console.log(`  runs (commands/s): ${rates.map((r) => r.toLocaleString('en')).join(', ')}`);
console.log(
  `  median: ${median.toLocaleString('en')} commands/s; ${fills} fills, ${refused} refused, ${levels} levels at the end`,
);
console.log(
  `simulator through the books: ${SIM_SECONDS} simulated s of flood (10,000 trades/s over 50 symbols), ${simTrades.toLocaleString('en')} trades, ${simDeltas.toLocaleString('en')} depth deltas a run`,
);
console.log(`  runs (trades per CPU second): ${simRates.map((r) => r.toLocaleString('en')).join(', ')}`);
console.log(
  `  median: ${simMedian.toLocaleString('en')} trades/s per core (flood needs 10,000: ${((10_000 / simMedian) * 100).toFixed(1)} % of a core)`,
);
console.log(`  machine: ${cpus().length} x ${cpu}, Node ${process.version}`);
console.log(
  JSON.stringify({
    bench: 'matching',
    commands: COMMANDS,
    runs: rates,
    median_commands_per_s: median,
    fills,
    refused,
    sim_seconds: SIM_SECONDS,
    sim_runs_trades_per_cpu_s: simRates,
    sim_median_trades_per_cpu_s: simMedian,
    cpus: cpus().length,
    cpu,
    node: process.version,
  }),
);
