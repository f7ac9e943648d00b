/**
 * Flood probe (SIM-4: 10,000 trades/s over 50 symbols must be sustainable): starts the real server in
 * flood mode, subscribes one plain client to DETAIL, TRADE and KLINE (intervals of choice) of every symbol, and
 * reports the trade rate actually delivered, frames and bytes per second, seq gaps, and the server's CPU use.
 * With `depth` (the default) it also subscribes DEPTH of every symbol and reports depth deltas per second and gaps
 * in their book seq (DEPTH-3).
 *
 *   node --import tsx server/src/ws/floodProbe.ts [totalRate=10000] [seconds=20] [intervals=1m] [depth|nodepth]
 *   (intervals: a comma list, or "all")
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { KLINE_INTERVALS } from '../../../src/shared/protocol';
import { childEnv } from '../config';
import { sleep, systemClock } from '../time/clock';

const rate = Number(process.argv[2] ?? 10_000);
const seconds = Number(process.argv[3] ?? 20);
const ivArg = process.argv[4] ?? '1m';
const intervals = ivArg === 'all' ? [...KLINE_INTERVALS] : ivArg.split(',');
const withDepth = (process.argv[5] ?? 'depth') !== 'nodepth';

function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks of 1/100 s
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flood-'));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: childEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FLOOD: String(rate),
      FLOOD_SYMBOLS: '50',
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve) => {
    let buf = '';
    proc.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      const m = /running at http:\/\/[^:]+:(\d+)/.exec(buf) ?? /"port":(\d+)/.exec(buf);
      if (m) resolve(Number(m[1]));
    });
  });
  const symbols: string[] = (
    await fetch(`http://127.0.0.1:${port}/api/market/tickers`)
      .then((r) => r.json())
      .then((j) => Object.keys(j.data))
  ).slice(0, 50);
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/flood-probe`);
  await new Promise((r) => ws.once('open', r));
  let frames = 0;
  let bytes = 0;
  let trades = 0;
  let gaps = 0;
  let lastSeq = 0;
  let lagSum = 0;
  let depthFrames = 0;
  let depthGaps = 0;
  const depthSeq = new Map<string, number>();
  ws.on('message', (d: Buffer) => {
    frames++;
    bytes += d.length;
    const f = JSON.parse(d.toString());
    if (f.seq !== lastSeq + 1) gaps++;
    lastSeq = f.seq;
    if (f.type === 'TRADE') {
      trades += f.data.trades.length;
      lagSum += systemClock.now() - f.data.trades[0].ts;
    } else if (f.type === 'DEPTH') {
      depthFrames++;
      const prev = depthSeq.get(f.symbol);
      if (!f.data.snapshot && prev !== undefined && f.data.seq !== prev + 1) depthGaps++;
      depthSeq.set(f.symbol, f.data.seq);
    }
  });
  for (const s of symbols) {
    ws.send(JSON.stringify({ op: 'subscribe', type: 'DETAIL', symbol: s }));
    ws.send(JSON.stringify({ op: 'subscribe', type: 'TRADE', symbol: s }));
    for (const iv of intervals) ws.send(JSON.stringify({ op: 'subscribe', type: 'KLINE', symbol: s, interval: iv }));
    if (withDepth) ws.send(JSON.stringify({ op: 'subscribe', type: 'DEPTH', symbol: s }));
    await sleep(60); // stay under the control-message throttle
  }
  await sleep(2000);
  const made = async () =>
    Number(
      /exchange_market_trades_total (\d+)/.exec(
        await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text()),
      )?.[1] ?? 0,
    );
  const m0 = await made();
  const c0 = cpuSeconds(proc.pid!);
  const t0 = systemClock.now();
  frames = bytes = trades = gaps = lagSum = depthFrames = depthGaps = 0;
  let tradeFrames = 0;
  ws.on('message', (d: Buffer) => {
    if (d.toString().startsWith('{"type":"TRADE"')) tradeFrames++;
  });
  await sleep(seconds * 1000);
  const wall = (systemClock.now() - t0) / 1000;
  const cpu = cpuSeconds(proc.pid!) - c0;
  const madePerSec = Math.round(((await made()) - m0) / wall);
  console.log(
    JSON.stringify({
      totalRate: rate,
      symbols: symbols.length,
      intervals,
      seconds: Math.round(wall),
      tradesMadePerSec: madePerSec,
      tradesDeliveredPerSec: Math.round(trades / wall),
      framesPerSec: Math.round(frames / wall),
      mbPerSec: +(bytes / wall / 1e6).toFixed(2),
      seqGaps: gaps,
      depth: withDepth,
      depthDeltasPerSec: Math.round(depthFrames / wall),
      depthSeqGaps: depthGaps,
      meanTradeAgeMs: tradeFrames ? +(lagSum / tradeFrames).toFixed(1) : null,
      serverCpuPercentOfOneCore: Math.round((cpu / wall) * 100),
    }),
  );
  ws.close();
  proc.kill('SIGTERM');
  await new Promise((r) => proc.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
