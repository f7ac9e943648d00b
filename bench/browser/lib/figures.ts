/**
 * Pure pieces of `npm run bench:browser`'s report: one run is a flat object of named figures, the report is the
 * median of each figure over the runs, and the table prints it beside the previous release's figures.
 */

/** One run's figures by name: ours under their JSON names, the naive client's as `naive.<name>`. */
export type Figures = Record<string, number>;

export function median(xs: number[]): number {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The median of every figure over the runs (a figure missing or not finite in a run is left out of its median). */
export function medianOf(runs: Figures[]): Figures {
  const keys: string[] = [];
  for (const r of runs) for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k] ?? NaN))]));
}

/** The futures tab's figures: their flat names (top level of the JSON) and their names inside `futures_tab`. */
export const FUTURES_KEYS: [flat: string, nested: string][] = [
  ['futures_msgs_per_s', 'msgsPerS'],
  ['futures_commits_per_s', 'commitsPerS'],
  ['futures_cpu_ms_per_s', 'cpuMsPerS'],
  ['futures_busy_ms_per_s', 'busyMsPerS'],
  ['futures_main_thread_cpu_ms_per_frame', 'cpuMsPerFrame'],
  ['futures_script_ms_per_s', 'scriptMsPerS'],
  ['futures_main_thread_ms_per_frame', 'msPerFrame'],
  ['futures_long_tasks', 'longTasks'],
  ['futures_messages', 'messages'],
  ['futures_depth_updates_per_s', 'depthPerS'],
];

/**
 * The figures of a results JSON written by this bench (any release): top-level numbers, the naive client's as
 * `naive.<name>`, Lighthouse's as `lighthouse_<name>`, and the futures tab's flat names even where only the
 * nested `futures_tab` was written (releases before the flat names).
 */
export function figuresOfResult(json: unknown): Figures {
  const out: Figures = {};
  if (!json || typeof json !== 'object') return out;
  const numbers = (o: unknown, prefix: string) => {
    if (!o || typeof o !== 'object') return;
    for (const [k, v] of Object.entries(o)) if (typeof v === 'number') out[prefix + k] = v;
  };
  const futures = (o: unknown, prefix: string) => {
    if (!o || typeof o !== 'object') return;
    const f = o as Record<string, unknown>;
    for (const [flat, nested] of FUTURES_KEYS)
      if (out[prefix + flat] === undefined && typeof f[nested] === 'number') out[prefix + flat] = f[nested];
  };
  const j = json as Record<string, unknown>;
  numbers(j, '');
  futures(j.futures_tab, '');
  numbers(j.naive, 'naive.');
  if (j.naive && typeof j.naive === 'object') futures((j.naive as Record<string, unknown>).futures_tab, 'naive.');
  numbers(j.lighthouse, 'lighthouse_');
  // Releases before the flat names did not write the futures ratios; their per-second figures give them.
  for (const k of ['cpu', 'busy'])
    if (out[`futures_${k}_ratio_vs_naive`] === undefined && out[`naive.futures_${k}_ms_per_s`] !== undefined)
      out[`futures_${k}_ratio_vs_naive`] = out[`futures_${k}_ms_per_s`] / out[`naive.futures_${k}_ms_per_s`];
  return out;
}

/** A table row: the figure's keys (two or more print as "a / b"), its digits, its target. */
export interface Row {
  id: string;
  label: string;
  keys: string[];
  digits: number;
  target: string;
  /** The naive client has no such figure (Lighthouse, ratios): its cell stays empty. */
  oursOnly?: boolean;
}

/**
 * Fills in, from a results table this bench wrote (`browser-latest.md`), the figures of ours that its JSON lacked
 * (releases before the flat names wrote some figures only in the table): the "ours" cell of each row with the same
 * id and label, split at " / " for rows of two keys.
 */
export function withTableFigures(figures: Figures, markdown: string, rows: Row[]): Figures {
  const out = { ...figures };
  const lines = markdown.split('\n');
  for (const r of rows) {
    const head = `| ${r.id} | ${r.label} | `;
    const line = lines.find((l) => l.startsWith(head));
    if (!line) continue;
    const cells = line.slice(head.length).split(' | ')[0].split(' / ');
    if (cells.length !== r.keys.length) continue;
    r.keys.forEach((k, i) => {
      const v = Number(cells[i]);
      if (out[k] === undefined && cells[i].trim() !== '' && Number.isFinite(v)) out[k] = v;
    });
  }
  return out;
}

export const fmt = (x: number | undefined, d = 2) => (x !== undefined && Number.isFinite(x) ? x.toFixed(d) : 'n/a');

/** The markdown table: ours (the median), the naive client's median, the previous release's figures. */
export function tableOf(rows: Row[], now: Figures, previous: Figures | undefined, withNaive: boolean): string {
  const cell = (f: Figures | undefined, prefix: string, r: Row) =>
    f ? r.keys.map((k) => fmt(f[prefix + k], r.digits)).join(' / ') : 'n/a';
  return [
    '| id | figure | ours | naive | previous | target |',
    '| --- | --- | ---: | ---: | ---: | --- |',
    ...rows.map((r) =>
      [
        '',
        r.id,
        r.label,
        cell(now, '', r),
        withNaive && !r.oursOnly ? cell(now, 'naive.', r) : '',
        cell(previous, '', r),
        r.target,
        '',
      ]
        .join(' | ')
        .trim(),
    ),
  ].join('\n');
}
