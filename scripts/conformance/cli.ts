/**
 * npm run conformance -- --url URL [--account A --password P] [--mode read|full] [--report FILE.json]
 * [--junit FILE.xml]: checks a backend against the contract the app relies on (CONF-1..8). Exits 0 only when
 * no check failed, 1 when one did, 2 on bad arguments.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { renderJUnit, renderText } from './report';
import { runConformance } from './run';

const USAGE =
  'usage: npm run conformance -- --url URL [--account A --password P] [--mode read|full] [--report FILE.json] [--junit FILE.xml]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string' },
        account: { type: 'string' },
        password: { type: 'string' },
        mode: { type: 'string', default: 'read' },
        report: { type: 'string' },
        junit: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (err) {
    console.error(`${String(err instanceof Error ? err.message : err)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const mode = values.mode;
  if (!values.url || (mode !== 'read' && mode !== 'full') || Boolean(values.account) !== Boolean(values.password)) {
    console.error(USAGE);
    return 2;
  }
  // The password is never printed nor written to a report.
  let report;
  try {
    report = await runConformance({ url: values.url, mode, account: values.account, password: values.password });
  } catch (err) {
    const cause = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    console.error(`conformance: ${values.url} could not be checked: ${cause}`);
    return 1;
  }
  console.log(renderText(report));
  if (values.report) writeFileSync(values.report, JSON.stringify(report, null, 2) + '\n');
  if (values.junit) writeFileSync(values.junit, renderJUnit(report));
  return report.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
