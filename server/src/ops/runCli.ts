/**
 * How each operator command line (settings, withdrawals, the chain) starts when its file is the process's entry
 * (`node file.js args...`): its `main` takes the arguments and a line printer, and its result is the exit code;
 * an error thrown is printed with its stack and exits 1. Imported (the tests), the file runs nothing.
 */
import { resolve } from 'node:path';

export function runCliIfMain(
  moduleUrl: string,
  main: (args: string[], out: (line: string) => void) => Promise<number>,
): void {
  if (!process.argv[1] || resolve(process.argv[1]) !== resolve(new URL(moduleUrl).pathname)) return;
  main(process.argv.slice(2), (s) => process.stdout.write(s + '\n')).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(String((err as Error | undefined)?.stack ?? err) + '\n');
      process.exit(1);
    },
  );
}

/** A command's error: one `isRefusal` knows is printed and exits 1 (the operator's mistake); any other is thrown on. */
export function refusalCode(err: unknown, out: (line: string) => void, isRefusal: (err: Error) => boolean): number {
  if (err instanceof Error && isRefusal(err)) {
    out(err.message);
    return 1;
  }
  throw err;
}
