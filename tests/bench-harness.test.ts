/**
 * PERF-8: CI does not run the benchmark, but keeps a fast check that its harness still works:
 * one tab, a few seconds, asserting only that figures were produced (no thresholds: speed is the
 * benchmark's business, not a test's).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('[PERF-8] browser benchmark harness', () => {
  it('produces every figure in quick mode (one tab, a few seconds)', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/browser/run.ts', '--quick', '--window=2'], {
      encoding: 'utf8',
      env: process.env,
      timeout: 240_000,
    });
    const lines = (r.stdout ?? '').trim().split('\n');
    expect(r.status, r.stderr + r.stdout.slice(-2000)).toBe(0);
    const json = JSON.parse(lines[lines.length - 1]);
    for (const key of [
      'ws_connections_5_tabs',
      'msgs_per_s_per_tab',
      'commits_per_s',
      'tick_to_paint_p50_ms',
      'tick_to_paint_p99_ms',
      'main_thread_ms_per_frame',
      'long_tasks',
    ]) {
      expect(typeof json[key], key).toBe('number');
      expect(Number.isFinite(json[key]), `${key} = ${json[key]}`).toBe(true);
    }
    // PERF-B9: one run in quick mode; the five-tab and futures figures are named (null: quick mode skips them).
    expect(json.runs).toBe(1);
    for (const key of ['tick_to_paint_5_tabs_p99_ms', 'commits_per_s_home_5_tabs', 'futures_main_thread_ms_per_frame'])
      expect(Object.keys(json), key).toContain(key);
    expect(json.ws_connections_5_tabs).toBeGreaterThanOrEqual(1);
    expect(json.commits_per_s).toBeGreaterThan(0);
  });
});

describe('[BUS-12] socket fan-out benchmark harness', () => {
  it('produces every figure in quick mode (100 sockets, one run of a second per phase)', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/fanout.bench.ts', '--quick'], {
      encoding: 'utf8',
      env: process.env,
      timeout: 120_000,
    });
    const lines = (r.stdout ?? '').trim().split('\n');
    expect(r.status, r.stderr + r.stdout.slice(-2000)).toBe(0);
    const json = JSON.parse(lines[lines.length - 1]);
    for (const key of [
      'frames_per_s_1_gateway',
      'frames_per_s_3_gateways',
      'frames_ratio_3_to_1',
      'core_to_socket_p99_ms',
      'core_cpu_ms_per_s_baseline',
      'core_cpu_ms_per_s_n_sockets',
      'core_cpu_ratio_n_to_baseline',
      'rss_kb_per_socket',
      'clients_cpu_ms_per_s',
    ]) {
      expect(typeof json[key], key).toBe('number');
      expect(Number.isFinite(json[key]), `${key} = ${json[key]}`).toBe(true);
    }
    expect(json.gateway_cpu_ms_per_1000_frames).toHaveLength(3);
    expect(json.rows).toHaveLength(3);
    expect(json.frames_per_s_3_gateways).toBeGreaterThan(0);
    expect(json.loadavg_before).toHaveLength(3);
  });
});
