/**
 * PERF-10: the build reports the gzipped JavaScript the home screen loads; it is at most
 * 210 KB, with the chart, the other languages and the other screens loaded lazily.
 * PERF-11, PERF-14 and PERF-17: the build's compressed copies and the page's head. PERF-95: the start-up spinner
 * is in the page itself.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app-support';

const BUDGET_BYTES = 210 * 1024;

interface Report {
  gzipBytes: number;
  files: Array<{ file: string; source?: string; gzipBytes: number }>;
}

let dir: string;
let report: Report;

beforeAll(() => {
  dir = buildApp();
  report = JSON.parse(
    execFileSync(process.execPath, ['scripts/report-bundle.mjs', dir, '--json'], { encoding: 'utf8' }),
  ) as Report;
});

describe('[PERF-10] home screen bundle', () => {
  it('the report counts the entry chunk and the home screen chunk', () => {
    const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean }
    >;
    const entry = Object.values(manifest).find((c) => c.isEntry)!;
    const home = Object.entries(manifest).find(([k]) => k.endsWith('features/markets/screens/HomeScreen.tsx'))![1];
    const files = report.files.map((f) => f.file);
    expect(files).toContain(entry.file);
    expect(files).toContain(home.file);
    expect(report.gzipBytes).toBe(report.files.reduce((s, f) => s + f.gzipBytes, 0));
  });

  it('the home screen loads at most 210 KB of gzipped JavaScript', () => {
    expect(report.gzipBytes, JSON.stringify(report.files, null, 1)).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('the chart, the other languages and the other screens are not in what the home screen loads', () => {
    const text = report.files.map((f) => readFileSync(join(dir, f.file), 'utf8')).join('\n');
    // uPlot's own class names.
    expect(text).not.toContain('u-legend');
    expect(text).not.toContain('u-cursor-x');
    // Words of other languages' message files.
    const common = (lang: string) =>
      JSON.parse(readFileSync(join('src/app/i18n/locales', lang, 'common.json'), 'utf8'));
    for (const lang of ['ar', 'de', 'ja', 'ru', 'zh']) expect(text, lang).not.toContain(common(lang).ui.notFoundDesc);
    // Other screens are their own chunks.
    for (const f of report.files)
      expect(f.source ?? '').not.toMatch(/(TradeShell|TradeScreen|MarketsScreen|LangListScreen|LoginScreen)\.tsx$/);
  });
});

describe('[PERF-11][PERF-14][PERF-17][PERF-95] what the build writes for the browser', () => {
  it('[PERF-95] the start-up spinner is in the page, painted before the entry script runs', () => {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
    expect(root).toMatch(/<div class="boot" aria-busy="true">\s*<span class="spinner" aria-hidden="true"><\/span\s*>/);
    // Nothing but the spinner: no text a visitor of another language would read, nor hear (PERF-99's digits below).
    const warm = /<span class="visually-hidden" aria-hidden="true">(.*?)<\/span>/.exec(root);
    expect(
      root
        .replace(warm?.[0] ?? '', '')
        .replace(/<[^>]*>/g, '')
        .trim(),
    ).toBe('');
  });

  it('[PERF-99] the page loads its fonts before the script: hidden digits, regular and bold, that nobody sees or hears', () => {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const boot = /<div class="boot"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    const warm = /<span class="visually-hidden" aria-hidden="true">(.*?)<\/span>/.exec(boot)?.[1];
    expect(warm).toBe('0123456789<b>0123456789</b>');
    // The class hides it from sight in the one stylesheet that stands before the first paint (PERF-17).
    const css = readFileSync(join(dir, /href="\/(assets\/index-[\w-]+\.css)"/.exec(html)![1]), 'utf8');
    expect(css).toMatch(/\.visually-hidden[,{][^}]*clip-path:inset\(50%\)/);
  });

  it('[PERF-11] every script the home screen loads has brotli and gzip copies that decode to it', () => {
    for (const f of report.files) {
      const path = join(dir, f.file);
      if (statSync(path).size < 1024) continue;
      const raw = readFileSync(path);
      expect(existsSync(`${path}.br`), f.file).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).equals(raw), f.file).toBe(true);
      expect(gunzipSync(readFileSync(`${path}.gz`)).equals(raw), f.file).toBe(true);
    }
  });

  it('[PERF-14] the page is zoomable and describes itself', () => {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const viewport = /<meta\s+name="viewport"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(viewport).toContain('width=device-width');
    expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)|maximum-scale/);
    const description = /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(description?.length ?? 0).toBeGreaterThan(50);
  });

  it('[PERF-17] nothing but the entry script and one stylesheet stands before the first paint; no web font', () => {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    const stylesheets = [...head.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
    expect(stylesheets).toHaveLength(1);
    expect(stylesheets[0]).toMatch(/href="\/assets\/index-[\w-]+\.css"/);
    expect(head).not.toMatch(/<link[^>]*(as="font"|fonts\.googleapis|\.woff2?)/);
    // Scripts in the head are modules (deferred by nature) or deferred, never classic blocking ones.
    for (const m of head.matchAll(/<script\b[^>]*>/g))
      expect(m[0]).toMatch(/type="module"|\sdefer[\s>=]|\sasync[\s>=]/);
    for (const f of report.files.filter((x) => x.file.endsWith('.css')))
      expect(readFileSync(join(dir, f.file), 'utf8'), f.file).not.toContain('@font-face');
    const css = readFileSync(join(dir, /href="\/(assets\/index-[\w-]+\.css)"/.exec(stylesheets[0])![1]), 'utf8');
    expect(css).not.toContain('@font-face');
  });
});
