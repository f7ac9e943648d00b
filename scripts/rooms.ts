// ROOM-1, ROOM-2: counts the imports that enter a feature other than through its door: from another feature
// (its `index` only; a link takes its address from `ui/appPaths.ts`, ROOM-3), and from the platform (app code
// outside `src/app/features`: its `index`, and the route table its `routes`). Static imports,
// re-exports and dynamic `import()` are counted (ESLint's rule sees the first two). Prints each one and the
// totals; `--check` exits non-zero when any is found. Run: node --import tsx scripts/rooms.ts [--check]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const app = path.resolve(import.meta.dirname, '../src/app');
/** The door of a feature to another feature, and to the platform. */
const FEATURE_DOOR = /^index(\.tsx?)?$/;
const PLATFORM_DOORS = /^(routes|index)(\.tsx?)?$/;
const SPECIFIER =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sourceFiles(file, out);
    else if (/\.(tsx?|css)$/.test(name)) out.push(file);
  }
  return out;
}

/** Every import in src/app that enters a feature by a way other than its door. */
export interface BackDoor {
  from: string;
  target: string;
  kind: 'feature' | 'platform';
}

/** Every import in src/app that enters a feature by a way other than its door. */
export function backDoors(): BackDoor[] {
  const found: BackDoor[] = [];
  for (const file of sourceFiles(app)) {
    const from = path.relative(app, file).split(path.sep).join('/');
    const fromRoom = from.match(/^features\/([^/]+)\//)?.[1];
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? '';
      if (!spec.startsWith('.')) continue;
      const target = path
        .relative(app, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/');
      const into = target.match(/^features\/([^/]+)\/(.+)$/);
      if (!into || into[1] === fromRoom || (fromRoom ? FEATURE_DOOR : PLATFORM_DOORS).test(into[2])) continue;
      found.push({ from, target, kind: fromRoom ? 'feature' : 'platform' });
    }
  }
  return found;
}

/**
 * The doors (`features/<a>/index.ts`) whose text is more than re-exports: code or a style import there would
 * run for every importer, and vite.config.ts lets a chunk take through a door only what it uses (PERF-10).
 */
export function impureDoors(): string[] {
  const features = path.join(app, 'features');
  const reExport = /^export\s+(type\s+)?(\{[^}]*\}|\*(\s+as\s+\w+)?)\s+from\s+['"][^'"]+['"]$/;
  return readdirSync(features)
    .map((name) => path.join(features, name, 'index.ts'))
    .filter((door) => existsSync(door))
    .filter((door) =>
      readFileSync(door, 'utf8')
        .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
        .split(';')
        .map((statement) => statement.trim())
        .some((statement) => statement !== '' && !reExport.test(statement)),
    )
    .map((door) => path.relative(app, door));
}

if (process.argv[1] === import.meta.filename) {
  const found = backDoors();
  for (const f of found) console.log(`${f.kind}\t${f.from} -> ${f.target}`);
  const modules = new Set(found.map((f) => f.target));
  const feature = found.filter((f) => f.kind === 'feature').length;
  console.log(
    `feature -> feature internals: ${feature}; platform -> feature internals: ${found.length - feature}; modules reached: ${modules.size}`,
  );
  const impure = impureDoors();
  for (const door of impure) console.log(`door with more than re-exports: ${door}`);
  if (process.argv.includes('--check') && found.length + impure.length > 0) process.exit(1);
}
