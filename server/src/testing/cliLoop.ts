/**
 * For server/src/db/open.test.ts (SAFE-23): the operator's settings CLI run `count` times in this process, beside
 * a server in another, on the same DATA_DIR. Prints one JSON line: { runs, failures: [messages] }.
 *   node --import tsx server/src/testing/cliLoop.ts <dataDir> <count>
 */
import { runSettingsCli } from '../db/settingsCli';

async function main(dataDir: string, count: number): Promise<void> {
  const failures: string[] = [];
  for (let i = 0; i < count; i++) {
    const out: string[] = [];
    try {
      const code = await runSettingsCli(
        ['merge', 'WITHDRAWAL_SETTING', JSON.stringify({ limitTimeStart: i % 2 ? '11:00:00' : '11:00:01' })],
        dataDir,
        (s) => out.push(s),
      );
      if (code !== 0) failures.push(out.join(' '));
    } catch (err) {
      failures.push(String((err as Error).message));
    }
  }
  process.stdout.write(JSON.stringify({ runs: count, failures }) + '\n');
}

void main(process.argv[2], Number(process.argv[3]));
