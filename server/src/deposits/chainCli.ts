/**
 * `npm run chain -- <command>` (DEP-6): the simulated chain's operator tool, talking to the running server
 * (`npm start`) over its operator routes:
 *   deposit <address> <amount> [--confirmations N] [--tx HASH] [--memo MEMO]   put a deposit on the chain
 *   match <declaration id>                                                     credit a declared payment
 * The server is http://127.0.0.1:$PORT (default 8080) unless --url says otherwise; the operator token is
 * OPS_TOKEN, else the one the server wrote to $DATA_DIR/ops-token (default ./data).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { runCliIfMain } from '../ops/runCli';
import { OPS_TOKEN_HEADER } from './routes';

const USAGE = `usage:
  npm run chain -- deposit <address> <amount> [--confirmations N] [--tx HASH] [--memo MEMO] [--url URL]
  npm run chain -- match <declaration id> [--url URL]`;

interface Parsed {
  positional: string[];
  flags: Record<string, string>;
}

export function parseArgs(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split('=', 2);
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`--${name} needs a value`);
      flags[name] = value;
    } else positional.push(a);
  }
  return { positional, flags };
}

/** The request the command makes: the route and its body. */
export function commandRequest(p: Parsed): { path: string; body: Record<string, unknown> } {
  const [cmd, ...rest] = p.positional;
  if (cmd === 'deposit') {
    if (rest.length !== 2) throw new Error('deposit needs an address and an amount');
    const body: Record<string, unknown> = { address: rest[0], amount: rest[1] };
    if (p.flags.confirmations !== undefined) {
      const n = Number(p.flags.confirmations);
      if (!Number.isInteger(n) || n < 0) throw new Error('--confirmations must be a whole number from 0');
      body.confirmations = n;
    }
    if (p.flags.tx !== undefined) body.tx = p.flags.tx;
    if (p.flags.memo !== undefined) body.memo = p.flags.memo;
    return { path: '/api/_ops/chain/deposit', body };
  }
  if (cmd === 'match') {
    if (rest.length !== 1) throw new Error('match needs the declaration id (e.g. p3)');
    return { path: '/api/_ops/chain/match', body: { id: rest[0] } };
  }
  throw new Error(cmd ? `unknown command "${cmd}"` : 'no command given');
}

export async function runChainCli(argv: readonly string[], out: (s: string) => void): Promise<number> {
  let req: { path: string; body: Record<string, unknown> };
  let parsed: Parsed;
  try {
    parsed = parseArgs(argv);
    req = commandRequest(parsed);
  } catch (err) {
    out(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(process.env, []);
  let token = config.opsToken;
  if (!token) {
    const file = join(config.dataDir, 'ops-token');
    try {
      token = readFileSync(file, 'utf8').trim();
    } catch {
      out(`no operator token: set OPS_TOKEN or start the server with DATA_DIR=${resolve(config.dataDir)} first`);
      return 2;
    }
  }
  const base = (parsed.flags.url ?? `http://127.0.0.1:${config.port}`).replace(/\/$/, '');
  let reply: { code: number; msg: string; data: unknown };
  try {
    const res = await fetch(base + req.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPS_TOKEN_HEADER]: token },
      body: JSON.stringify(req.body),
    });
    reply = (await res.json()) as typeof reply;
  } catch (err) {
    out(`cannot reach the server at ${base}: ${(err as Error).message}`);
    return 1;
  }
  if (reply.code !== 200) {
    out(`refused: ${reply.msg}`);
    return 1;
  }
  out(JSON.stringify(reply.data, null, 2));
  return 0;
}

runCliIfMain(import.meta.url, runChainCli);
