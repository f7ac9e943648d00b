/**
 * `node --import tsx bench/matching.bench.ts`: commands per second through one order book (MATCH-11).
 *
 * A realistic mix from the seeded stream of the differential test (server/src/matching/randomCommands.ts):
 * about half limit orders around a walking mid (most passive, some crossing), cancels aimed at resting orders,
 * a tenth market orders with a 5 % protection limit, eight owners. The commands are generated first, then
 * applied to a fresh book; only the apply loop is timed. Three runs, the median printed. Not a test: no
 * threshold is asserted (the target, 200,000 commands/s on a 2-core machine, is in docs/spec/trading.md).
 * The LAST line is one JSON object.
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { OrderBook } from '../server/src/matching/book';
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
console.log(`  machine: ${cpus().length} x ${cpu}, Node ${process.version}`);
console.log(
  JSON.stringify({
    bench: 'matching',
    commands: COMMANDS,
    runs: rates,
    median_commands_per_s: median,
    fills,
    refused,
    cpus: cpus().length,
    cpu,
    node: process.version,
  }),
);
