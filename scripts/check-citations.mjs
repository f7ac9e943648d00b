#!/usr/bin/env node
// Citation check, run from a repo root: node scripts/check-citations.mjs
// 1. Every rule id cited in a test title (it / test / describe, with .each/.only/.skip/...) of a *.test.ts(x)
//    file must be defined in docs/spec/*.md (a bold `**ID-N**` at the start of a rule), and not be marked
//    withdrawn or planned there.
// 2. Any other mention of a rule id with a known prefix (comments, helper titles) must be defined too.
// 3. No source file under src/ server/ tests/ bench/ scripts/ may cite an issue number: issues live outside the
//    repository, so nobody can follow such a citation. Cite the rule id instead.
// Exits 1 and lists every problem, with file and line, when one of these fails.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

const SPEC_DIR = 'docs/spec';
const ROOTS = ['src', 'server', 'tests', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mjs|js|cjs)$/;
const TEST = /\.test\.tsx?$/;
const ID = '[A-Z][A-Z0-9]*-[A-Z]?\\d+';
// the word issue (any case, plural too) followed by a number, with or without a space or '#'; not "tissue" or "addIssue(".
const ISSUE_CITATION = /(?<![A-Za-z])issues? ?#?\d+/gi;

function walk(dir, out) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}
const lineOf = (text, index) => text.slice(0, index).split('\n').length;

// --- the rules -------------------------------------------------------------------------------------------
if (!existsSync(SPEC_DIR)) {
  console.error(`check-citations: ${SPEC_DIR} not found (run from the repository root)`);
  process.exit(1);
}
const defined = new Map(); // id -> { file, status }
const problems = [];
for (const f of walk(SPEC_DIR, []).filter((p) => p.endsWith('.md'))) {
  const lines = readFileSync(f, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const m = line.match(new RegExp(`^\\s*(?:[-*]\\s+)?\\*\\*(${ID})\\*\\*`));
    if (!m) return;
    // a rule runs until the next rule or a blank line
    let body = line;
    for (let j = i + 1; j < lines.length && lines[j].trim() && !/^\s*[-*]\s+\*\*/.test(lines[j]); j++)
      body += ' ' + lines[j];
    const status = /\*\*withdrawn\*\*/i.test(body) ? 'withdrawn' : /\*\*planned\*\*/i.test(body) ? 'planned' : 'active';
    if (defined.has(m[1]))
      problems.push(`${f}:${i + 1}: rule ${m[1]} is defined twice (also in ${defined.get(m[1]).file})`);
    else defined.set(m[1], { file: f, status });
  });
}
const prefixes = new Set([...defined.keys()].map((id) => id.replace(/-[A-Z]?\d+$/, '')));
// files that describe money as planned may still be cited once it lands; until then citing them is an error
function checkId(id, where, context) {
  const rule = defined.get(id);
  if (!rule) problems.push(`${where}: ${context} cites ${id}, which is not defined in ${SPEC_DIR}/*.md`);
  else if (rule.status !== 'active')
    problems.push(`${where}: ${context} cites ${id}, which is marked ${rule.status} in ${rule.file}`);
}

// --- the sources -----------------------------------------------------------------------------------------
const TITLE =
  /\b(?:it|test|describe)(?:\.(?:each\([^)]*\)|only|skip|todo|concurrent|sequential|fails|skipIf\([^)]*\)|runIf\([^)]*\)))*\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/gs;
const BRACKET = new RegExp(`\\[\\s*(${ID}(?:\\s*,\\s*${ID})*)\\s*\\]`, 'g');
const ANY_ID = new RegExp(`(?<![A-Za-z0-9_-])(${ID})(?![A-Za-z0-9_])`, 'g');
let titles = 0;
let cited = 0;
const files = ROOTS.flatMap((r) => walk(r, [])).filter((f) => SOURCE.test(f));
const self = relative('.', new URL(import.meta.url).pathname);
for (const f of files) {
  const text = readFileSync(f, 'utf8');
  const isSelf = relative('.', f) === self || f.endsWith('check-citations.mjs');
  if (!isSelf) {
    for (const m of text.matchAll(ISSUE_CITATION)) {
      const line = text.split('\n')[lineOf(text, m.index) - 1].trim();
      problems.push(
        `${f}:${lineOf(text, m.index)}: cites an issue number ("${m[0]}"); cite a rule id of ${SPEC_DIR} instead: ${line.slice(0, 140)}`,
      );
    }
  }
  const inTitles = new Set();
  if (TEST.test(f)) {
    for (const t of text.matchAll(TITLE)) {
      titles++;
      for (const b of t[2].matchAll(BRACKET)) {
        for (const id of b[1].split(/\s*,\s*/)) {
          cited++;
          checkId(id, `${f}:${lineOf(text, t.index)}`, `test title "${t[2].slice(0, 80)}"`);
        }
      }
      inTitles.add(t.index);
    }
  }
  if (isSelf) continue;
  // ids with a known prefix anywhere else (comments, helper names): they must exist too
  for (const m of text.matchAll(ANY_ID)) {
    const prefix = m[1].replace(/-[A-Z]?\d+$/, '');
    if (!prefixes.has(prefix)) continue;
    if (!defined.has(m[1]))
      problems.push(`${f}:${lineOf(text, m.index)}: mentions ${m[1]}, which is not defined in ${SPEC_DIR}/*.md`);
  }
}

if (problems.length) {
  console.error(`check-citations: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(
  `check-citations: ${defined.size} rules in ${SPEC_DIR}; ${cited} citations in ${titles} test titles of ${files.filter((f) => TEST.test(f)).length} test files; no issue numbers`,
);
