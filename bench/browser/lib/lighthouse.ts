/**
 * Lighthouse on home, as a phone sees it (Lighthouse's defaults: mobile, simulated throttling), against the real
 * server with its normal simulated market (not flood mode), serving the built client. Each run starts its own
 * Chromium with a fresh profile, so the service worker is not installed yet and nothing is cached.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { chromiumPath } from '../../../tests/helpers/browser';
import { startServer } from '../../../tests/helpers/server';

/** One Lighthouse run's figures (scores 0..100, times in ms, bytes in KB of 1,000 bytes as Lighthouse shows). */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  best_practices: number;
  first_contentful_paint_ms: number;
  largest_contentful_paint_ms: number;
  total_blocking_time_ms: number;
  cumulative_layout_shift: number;
  speed_index_ms: number;
  total_byte_weight_kb: number;
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Starts Chromium with a fresh profile and a DevTools port of its own choosing; resolves with that port. */
async function launch(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lh-profile-'));
  const proc = spawn(
    chromiumPath(),
    [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    // Chromium's helper processes can still be writing the profile for a moment after the browser exits: retry, and
    // leave the folder in the temp dir rather than lose the run's figures over it.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (e) {
      console.warn(`  left ${profile}: ${(e as Error).message}`);
    }
  };
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    proc.stderr!.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) resolve(Number(m[1]));
    });
    proc.once('exit', (code) => reject(new Error(`chromium exited with ${code}:\n${err.slice(-2000)}`)));
  }).catch(async (e: unknown) => {
    await stop();
    throw e;
  });
  return { port, stop };
}

function figuresOf(lhr: Result): LighthouseFigures {
  const score = (c: string) => (lhr.categories[c]?.score ?? NaN) * 100;
  const num = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    first_contentful_paint_ms: num('first-contentful-paint'),
    largest_contentful_paint_ms: num('largest-contentful-paint'),
    total_blocking_time_ms: num('total-blocking-time'),
    cumulative_layout_shift: num('cumulative-layout-shift'),
    speed_index_ms: num('speed-index'),
    total_byte_weight_kb: num('total-byte-weight') / 1000,
  };
}

/**
 * `runs` Lighthouse runs of home, one fresh Chromium each; returns every run's figures and the last run's JSON
 * report (the caller decides whether it is small enough to keep).
 */
export async function lighthouseRuns(
  staticDir: string,
  runs: number,
): Promise<{ runs: LighthouseFigures[]; lastReport: string }> {
  const server = await startServer({ STATIC_DIR: staticDir });
  const out: LighthouseFigures[] = [];
  let lastReport = '';
  try {
    for (let i = 0; i < runs; i++) {
      const chrome = await launch();
      try {
        const r = await lighthouse(server.url + '/', {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
        if (!r) throw new Error('lighthouse returned no result');
        if (r.lhr.runtimeError) throw new Error(`lighthouse: ${r.lhr.runtimeError.code} ${r.lhr.runtimeError.message}`);
        const f = figuresOf(r.lhr);
        console.log(
          `  lighthouse run ${i + 1}/${runs}: performance ${f.performance}, accessibility ${f.accessibility}, ` +
            `best practices ${f.best_practices}, ${Math.round(f.total_byte_weight_kb)} KB`,
        );
        out.push(f);
        lastReport = typeof r.report === 'string' ? r.report : r.report.join('\n');
        // LIGHTHOUSE_KEEP=<folder>: every run's whole JSON report is kept there (the long tasks, the scripts'
        // boot-up time and the main thread's breakdown are in its audits), with the page's trace beside it (what
        // each long task ran, for DevTools' performance panel).
        const keep = process.env.LIGHTHOUSE_KEEP;
        if (keep) {
          const base = join(keep, `lighthouse-${Date.now()}-${i + 1}`);
          mkdirSync(keep, { recursive: true });
          writeFileSync(`${base}.json`, lastReport);
          writeFileSync(`${base}.trace.json`, JSON.stringify(r.artifacts.Trace));
        }
      } finally {
        await chrome.stop();
      }
    }
  } finally {
    await server.stop();
  }
  return { runs: out, lastReport };
}
