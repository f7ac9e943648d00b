// CLOCK-1: counts the app files (src/app, tests aside) that read time or schedule work through the globals:
// `Date.now`, `new Date()` with no argument, `performance.now`, `setTimeout`/`setInterval` and their clears,
// `requestAnimationFrame`/`cancelAnimationFrame` (bare, or on `window`, `globalThis` or `self`). Only the clock
// (`src/app/time/clock.ts`) may; ESLint refuses the rest. Prints each read and the totals; `--check` exits
// non-zero when a file other than the clock's own reads them. Run: node --import tsx scripts/clock.ts [--check]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const app = path.resolve(import.meta.dirname, '../src/app');
/** The files allowed to touch the globals: the clock itself. */
export const CLOCK_FILES = ['time/clock.ts'];
const TIMERS = new Set(['setTimeout', 'setInterval', 'requestAnimationFrame']);
/** The timer and frame globals: the three above and their clears. */
const TIMER_GLOBALS = new Set([...TIMERS, 'clearTimeout', 'clearInterval', 'cancelAnimationFrame']);
const HOSTS = new Set(['window', 'globalThis', 'self']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sourceFiles(file, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(file);
  }
  return out;
}

/** The time reads in one source text, as `line: what`. */
export function timeReads(text: string, fileName = 'file.ts'): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const object = node.expression.text;
      const name = node.name.text;
      if ((object === 'Date' && name === 'now') || object === 'performance') at(node, `${object}.${name}`);
      else if (HOSTS.has(object) && (TIMER_GLOBALS.has(name) || name === 'performance')) at(node, `${object}.${name}`);
    } else if (ts.isIdentifier(node) && TIMER_GLOBALS.has(node.text) && isValueReference(node)) {
      at(node, node.text);
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Date' &&
      (node.arguments?.length ?? 0) === 0
    ) {
      at(node, 'new Date()');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** An identifier that names the global, not a property, a member, a declaration or a type. */
function isValueReference(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === id) return false;
  if (
    (ts.isPropertySignature(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isFunctionDeclaration(parent) ||
      ts.isVariableDeclaration(parent) ||
      ts.isParameter(parent) ||
      ts.isBindingElement(parent) ||
      ts.isImportSpecifier(parent) ||
      ts.isExportSpecifier(parent)) &&
    parent.name === id
  )
    return false;
  for (let n: ts.Node = id; n.parent; n = n.parent) if (ts.isTypeNode(n.parent) || ts.isTypeQueryNode(n)) return false;
  return true;
}

/** Every app file that reads time through the globals, with its reads. */
export function clockReaders(): { file: string; reads: string[] }[] {
  return sourceFiles(app)
    .map((file) => ({
      file: path.relative(app, file).split(path.sep).join('/'),
      reads: timeReads(readFileSync(file, 'utf8'), file),
    }))
    .filter((f) => f.reads.length > 0);
}

if (process.argv[1] === import.meta.filename) {
  const readers = clockReaders();
  for (const r of readers) console.log(`${r.file}\t${r.reads.join('; ')}`);
  const others = readers.filter((r) => !CLOCK_FILES.includes(r.file));
  console.log(`app files reading time or timers: ${readers.length}; outside the clock: ${others.length}`);
  if (process.argv.includes('--check') && others.length > 0) process.exit(1);
}
