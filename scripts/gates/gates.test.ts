// Each gate of `npm test` is seen to reject what it is there to reject, on the fixtures in ./fixtures
// (which the real lint, tsc, prettier and knip runs ignore), and to accept real files of the tree.
// The whole tree is checked by the gates themselves (`npm run gates`); here only a few files, to stay fast.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
/** A program loads the default libraries: a few seconds alone, longer on a busy machine. */
const TSC_MS = 180_000;
const read = (file: string) => readFileSync(file, 'utf8');

/** Type-checks files with a layer's compiler options; returns the diagnostics' messages. */
function typeErrors(layer: 'engine' | 'node', files: string[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, `tsconfig.${layer}.json`),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`tsconfig.${layer}.json did not parse`);
  const program = ts.createProgram(files, config.options);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const eslint = new ESLint({ cwd: root });
/** Lints a fixture's text as if it lived at `asPath` in the tree; returns the rule ids that fired. */
async function lintAs(asPath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, asPath) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('gates', () => {
  it(
    'tsc rejects a type error',
    () => {
      expect(typeErrors('node', [fixture('typeError.ts')]).join('\n')).toMatch(/not assignable to type 'number'/);
    },
    TSC_MS,
  );

  it(
    'tsc rejects an engine file that touches window, timers or process (no DOM, no Node types)',
    () => {
      const errors = typeErrors('engine', [
        fixture('src/engine/touchesWindow.ts'),
        fixture('src/engine/readsGlobals.ts'),
      ]);
      expect(errors).toContain("Cannot find name 'window'.");
      expect(errors).toContain("Cannot find name 'setTimeout'.");
      expect(errors.some((e) => e.startsWith("Cannot find name 'process'."))).toBe(true);
    },
    TSC_MS,
  );

  it(
    'tsc accepts real engine files with the engine options',
    () => {
      // Two small files with their imports: the whole engine is the gate's own run; this only shows the options
      // accept the tree's code (the index pulled in zod's types: about 6x the time for the same check).
      const files = ['src/engine/sequence.ts', 'src/engine/serverClock.ts'].map((f) => path.join(root, f));
      expect(typeErrors('engine', files)).toEqual([]);
    },
    TSC_MS,
  );

  it('ESLint rejects a lint error', async () => {
    const rules = await lintAs('src/shared/lintError.ts', read(fixture('lintError.ts')));
    expect(rules).toEqual(
      expect.arrayContaining(['@typescript-eslint/no-unused-vars', '@typescript-eslint/no-explicit-any']),
    );
  });

  it('ESLint rejects an engine file that imports React', async () => {
    expect(await lintAs('src/engine/importsReact.ts', read(fixture('src/engine/importsReact.ts')))).toContain(
      'no-restricted-imports',
    );
  });

  it('ESLint rejects an engine file that touches window, timers, process or Date.now', async () => {
    expect(await lintAs('src/engine/touchesWindow.ts', read(fixture('src/engine/touchesWindow.ts')))).toContain(
      'no-restricted-globals',
    );
    const rules = await lintAs('src/engine/readsGlobals.ts', read(fixture('src/engine/readsGlobals.ts')));
    expect(rules.filter((r) => r === 'no-restricted-globals')).toHaveLength(2);
    expect(rules).toContain('no-restricted-properties');
  });

  it('ESLint rejects an app file that imports an engine file other than its index, and accepts the index', async () => {
    expect(await lintAs('src/app/importsEngineFile.ts', read(fixture('src/app/importsEngineFile.ts')))).toContain(
      'no-restricted-imports',
    );
    expect(await lintAs('src/app/importsEngineIndex.ts', read(fixture('src/app/importsEngineIndex.ts')))).toEqual([]);
  });

  it('ESLint rejects a view file that uses Node (its imports, process, Buffer, __dirname), and accepts its tests', async () => {
    const source = read(fixture('src/app/usesNode.ts'));
    const rules = await lintAs('src/app/usesNode.ts', source);
    expect(rules.filter((r) => r === 'no-restricted-syntax')).toHaveLength(5);
    expect(await lintAs('src/app/usesNode.test.ts', source)).toEqual([]);
  });

  it('[ROOM-1] ESLint rejects a feature file that imports another feature past its door, and accepts the door', async () => {
    const inside = 'src/app/features/trade/components';
    const refused = await lintAs(`${inside}/importsAnotherRoom.ts`, read(fixture(`${inside}/importsAnotherRoom.ts`)));
    expect(refused).toEqual(['no-restricted-imports']);
    const byTheDoor = await lintAs(`${inside}/importsADoor.ts`, read(fixture(`${inside}/importsADoor.ts`)));
    expect(byTheDoor).toEqual([]);
  });

  it("[ROOM-1] [ROOM-3] ESLint rejects a feature file that takes another feature's paths for a link", async () => {
    const inside = 'src/app/features/trade/components';
    const file = `${inside}/importsAnotherRoomsPaths.ts`;
    expect(await lintAs(file, read(fixture(file)))).toEqual(['no-restricted-imports']);
  });

  it("[ROOM-2] ESLint rejects a platform file that imports a feature past its door, or a feature's paths", async () => {
    const rules = await lintAs(
      'src/app/layout/importsAFeatureRoom.ts',
      read(fixture('src/app/layout/importsAFeatureRoom.ts')),
    );
    expect(rules).toEqual(['no-restricted-imports']);
    const paths = 'src/app/layout/importsAFeaturesPaths.ts';
    expect(await lintAs(paths, read(fixture(paths)))).toEqual(['no-restricted-imports']);
  });

  it('[CLOCK-1] ESLint rejects an app file that reads time or timers through the globals, and accepts the clock', async () => {
    const source = read(fixture('src/app/readsTheTime.ts'));
    const rules = await lintAs('src/app/ui/readsTheTime.ts', source);
    expect(new Set(rules)).toEqual(
      new Set(['no-restricted-globals', 'no-restricted-properties', 'no-restricted-syntax']),
    );
    expect(rules).toHaveLength(7);
    expect(await lintAs('src/app/time/clock.ts', source)).toEqual([]);
    expect(await lintAs('src/app/ui/readsTheTime.test.ts', source)).toEqual([]);
  });

  it('ESLint accepts real files of the tree', async () => {
    for (const file of [
      'src/engine/index.ts',
      'src/engine/connection.ts',
      'src/app/time/clock.ts',
      'src/app/state/toast.ts',
    ]) {
      expect(await lintAs(file, read(path.join(root, file)))).toEqual([]);
    }
  });

  it('Prettier rejects a formatting difference and accepts the real tree', async () => {
    const options = { ...(await prettier.resolveConfig(path.join(root, 'src/x.ts'))), filepath: 'x.ts' };
    expect(await prettier.check(read(fixture('unformatted.ts')), options)).toBe(false);
    expect(await prettier.check(read(path.join(root, 'src/engine/index.ts')), options)).toBe(true);
  });
});
