/**
 * TOUR-1: the tours describe what is there. Every top-level folder has its row in README's folder map, every
 * folder of `src/app` (and every feature) and of `server/src` its line in that tour, and every module of the
 * engine and the workers its mention in theirs. A folder or module added without a line fails here, and so does a
 * tour that names a folder or file that is not there (a module moved or removed without its line).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const dirs = (dir: string) =>
  readdirSync(join(root, dir)).filter((n) => !n.startsWith('.') && statSync(join(root, dir, n)).isDirectory());
const modules = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) && !n.endsWith('.d.ts'))
    .map((n) => n.replace(/\.tsx?$/, ''));
/** The names a tour does not mention (as `name`, `name/`, `name.ts` or `name.tsx`, in backticks). */
const missing = (tour: string, names: string[], prefix = '') =>
  names.filter(
    (n) => !new RegExp('`' + (prefix + n).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '(/|\\.tsx?)?[`/,]').test(tour),
  );

/** The tours, and the folder each one's table names its rows from. */
const TOURS = [
  'README.md',
  'docs/architecture.md',
  'src/app/CONTEXT.md',
  'server/CONTEXT.md',
  'src/engine/CONTEXT.md',
  'src/workers/CONTEXT.md',
];
/** Paths from the repository's root in backticks (`src/app/ui/`, `server/src/core/`), placeholders aside. */
const rootPaths = (text: string) =>
  [...text.matchAll(/`((?:src|server|tests|scripts|bench|docs)\/[A-Za-z0-9_./-]+)`/g)].map((m) => m[1]);
/** The names in backticks in the first cell of each table row (`http/`, `main.ts`, `features/trade/`). */
const firstCells = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]));
const absent = (base: string, names: string[]) =>
  names.filter((n) => !existsSync(join(root, base, n.replace(/\/$/, ''))));

describe('[TOUR-1] the tours name what is there', () => {
  it("README's folder map has a row per top-level folder and per folder of src", () => {
    const map = read('README.md').split('## Folder map')[1]?.split('\n## ')[0] ?? '';
    const top = ['server', 'tests', 'bench', 'docs', 'scripts'].filter((d) => dirs('.').includes(d));
    expect(missing(map, top)).toEqual([]);
    expect(missing(map, dirs('src'), 'src/')).toEqual([]);
  });

  it('src/app/CONTEXT.md has a line per folder of the app and per feature', () => {
    const tour = read('src/app/CONTEXT.md');
    expect(missing(tour, dirs('src/app'))).toEqual([]);
    expect(missing(tour, dirs('src/app/features'), 'features/')).toEqual([]);
  });

  it('server/CONTEXT.md has a line per folder of server/src', () => {
    expect(missing(read('server/CONTEXT.md'), dirs('server/src'))).toEqual([]);
  });

  it('the engine and workers tours name each of their modules', () => {
    expect(missing(read('src/engine/CONTEXT.md'), [...modules('src/engine'), ...dirs('src/engine')])).toEqual([]);
    expect(missing(read('src/workers/CONTEXT.md'), [...modules('src/workers'), ...dirs('src/workers')])).toEqual([]);
  });

  it('the app and server tours give each folder its own row', () => {
    for (const tour of ['src/app/CONTEXT.md', 'server/CONTEXT.md']) {
      const shared = read(tour)
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+\/)`/g)].map((m) => m[1]))
        .filter((folders) => folders.length > 1);
      expect({ tour, shared }).toEqual({ tour, shared: [] });
    }
  });

  it('no tour names a folder or file that is not there', () => {
    for (const tour of TOURS)
      expect({ tour, absent: absent('.', rootPaths(read(tour))) }).toEqual({ tour, absent: [] });
    expect(absent('src/app', firstCells(read('src/app/CONTEXT.md')))).toEqual([]);
    expect(absent('server/src', firstCells(read('server/CONTEXT.md')))).toEqual([]);
    expect(absent('.', firstCells(read('README.md').split('## Folder map')[1] ?? ''))).toEqual([]);
  });
});
