/**
 * Which threads of the browser spend the CPU while a screen runs in flood mode? Opens a path of our client (or the
 * naive one), waits, then reads every Chromium thread's CPU time from /proc (Linux) over a window and prints the
 * threads by CPU ms per second (renderer main thread, compositor, the drawing worker, the engine's SharedWorker,
 * raster and GPU threads), summed by thread name.
 *   node --import tsx bench/browser/tools/threads.ts /trade?symbol=btcusdt [seconds] [ours|naive] [staticDir]
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClient } from '../lib/build';
import { sleep } from '../lib/metrics';
import { openSession, waitLive, type Kind } from '../lib/session';

const path = process.argv[2] ?? '/';
const seconds = Number(process.argv[3] ?? 8);
const kind = (process.argv[4] ?? 'ours') as Kind;
let dir = process.argv[5];
if (!dir) {
  dir = join(mkdtempSync(join(tmpdir(), 'bench-threads-')), kind);
  await buildClient(kind, dir);
}

const TICK_MS = 10; // USER_HZ 100

/** The pids under `root` (its descendants), from /proc. */
function descendants(root: number): number[] {
  const kids = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const st = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[1]);
      kids.set(ppid, [...(kids.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of kids.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}

/** CPU ms per thread, keyed by "process type / thread name / tid". */
function threadCpu(pids: number[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of pids) {
    let type = '?';
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
      if (type === 'utility') type += ':' + (/--utility-sub-type=([\w.]+)/.exec(cmd)?.[1] ?? '');
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const st = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')'));
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        out.set(`${type}/${pid}/${name}/${tid}`, (Number(f[11]) + Number(f[12])) * TICK_MS);
      }
    } catch {
      // gone
    }
  }
  return out;
}

const s = await openSession(kind, dir, process.env.MARKET_COINS ? { MARKET_COINS: process.env.MARKET_COINS } : {});
try {
  const page = await s.open(path);
  await waitLive(page, kind);
  await sleep(3000);
  // This process's descendants but the server: the browser and its children.
  const serverPid = s.server.proc.pid ?? -1;
  const pids = descendants(process.pid).filter((p) => p !== serverPid);
  const a = threadCpu(pids);
  const serverA = threadCpu([serverPid]);
  await sleep(seconds * 1000);
  const b = threadCpu(pids);
  const serverB = threadCpu([serverPid]);
  const rows: [string, number][] = [];
  for (const [k, v] of b) rows.push([k, (v - (a.get(k) ?? 0)) / seconds]);
  const byName = new Map<string, number>();
  for (const [k, v] of rows) {
    const [type, , name] = k.split('/');
    byName.set(`${type} ${name}`, (byName.get(`${type} ${name}`) ?? 0) + v);
  }
  let serverMs = 0;
  for (const [k, v] of serverB) serverMs += (v - (serverA.get(k) ?? 0)) / seconds;
  console.log(
    `${path} (${kind}): CPU ms per second by process type and thread name; the server ${serverMs.toFixed(0)} ms/s`,
  );
  for (const [k, v] of [...byName]
    .sort((x, y) => y[1] - x[1])
    .filter(([, v]) => v > 0)
    .slice(0, 20))
    console.log(`${v.toFixed(0).padStart(6)} ms/s  ${k}`);
} finally {
  await s.close();
}
