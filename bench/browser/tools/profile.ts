/**
 * Where does a screen's main-thread time go? Opens a path of our client in flood mode, records a CPU
 * profile and the CDP time split for a few seconds, prints the top self-time functions.
 *   node --import tsx bench/browser/tools/profile.ts /trade?symbol=btcusdt [seconds] [staticDir]
 * PROFILE_OUT=file.cpuprofile also writes the profile.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClient } from '../lib/build';
import { sleep } from '../lib/metrics';
import { openSession, waitLive } from '../lib/session';

/** The parts of a CDP Profiler.Profile this tool reads. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const path = process.argv[2] ?? '/';
const seconds = Number(process.argv[3] ?? 5);
let dir = process.argv[4];
if (!dir) {
  dir = join(mkdtempSync(join(tmpdir(), 'bench-prof-')), 'ours');
  await buildClient('ours', dir);
}
// MARKET_COINS=200 in the environment gives the benchmark's 200-row spot list.
const s = await openSession('ours', dir, process.env.MARKET_COINS ? { MARKET_COINS: process.env.MARKET_COINS } : {});
try {
  const page = await s.open(path);
  await waitLive(page, 'ours');
  await sleep(3000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const m0 = (await cdp.send('Performance.getMetrics')).metrics;
  await cdp.send('Profiler.start');
  await sleep(seconds * 1000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const m1 = (await cdp.send('Performance.getMetrics')).metrics;
  // PROFILE_OUT=file.cpuprofile keeps the profile (DevTools opens it; callers of a hot function can be read from it).
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const d = (n: string) =>
    (((m1.find((m) => m.name === n)?.value ?? 0) - (m0.find((m) => m.name === n)?.value ?? 0)) * 1000) / seconds;
  console.log(
    `per second: task ${d('TaskDuration').toFixed(0)} ms, script ${d('ScriptDuration').toFixed(0)} ms, layout ${d('LayoutDuration').toFixed(0)} ms, style ${d('RecalcStyleDuration').toFixed(0)} ms, layouts ${(d('LayoutCount') / 1000).toFixed(1)}, styles ${(d('RecalcStyleCount') / 1000).toFixed(1)}`,
  );
  const self = new Map<number, number>();
  const dt: number[] = profile.timeDeltas;
  profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const n of profile.nodes) {
    const cf = n.callFrame;
    const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(n.id) ?? 0));
  }
  // Inclusive time per script file: each sample goes to the nearest frame with a URL (natives such as
  // fillText count for the script that called them).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nodeById = new Map<number, ProfileNode>(profile.nodes.map((n) => [n.id, n]));
  const byFile = new Map<string, number>();
  const byEntry = new Map<string, number>();
  profile.samples.forEach((id: number, i: number) => {
    let n = nodeById.get(id);
    while (n && !n.callFrame.url) n = nodeById.get(parent.get(n.id)!);
    const file = (n ? n.callFrame.url.split('/').pop() : nodeById.get(id)?.callFrame.functionName) ?? '(unknown)';
    byFile.set(file, (byFile.get(file) ?? 0) + (dt[i] ?? 0));
    // Entry: the outermost frame with a URL.
    let top: ProfileNode | undefined;
    let m = nodeById.get(id);
    while (m) {
      if (m.callFrame.url) top = m;
      m = nodeById.get(parent.get(m.id)!);
    }
    if (top) {
      const k = `${top.callFrame.functionName || '(anon)'} ${top.callFrame.url.split('/').pop()}:${top.callFrame.lineNumber}`;
      byEntry.set(k, (byEntry.get(k) ?? 0) + (dt[i] ?? 0));
    }
  });
  console.log('-- by script (inclusive of natives it calls)');
  for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`${(v / 1000 / seconds).toFixed(1).padStart(7)} ms/s  ${k}`);
  console.log('-- by entry point');
  for (const [k, v] of [...byEntry].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`${(v / 1000 / seconds).toFixed(1).padStart(7)} ms/s  ${k}`);
  console.log('-- self time');
  const total = [...byName.values()].reduce((a, b) => a + b, 0);
  for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(
      `${((v / total) * 100).toFixed(1).padStart(5)}%  ${(v / 1000 / seconds).toFixed(1).padStart(6)} ms/s  ${k}`,
    );
} finally {
  await s.close();
}
