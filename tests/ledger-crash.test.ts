/**
 * [LEDGER-3] [IDEM-5] The real server is killed (SIGKILL) during a burst of transfers and restarted on the same
 * data: the ledger check passes, every acknowledged transfer is in the journal, and every request retried
 * with its Idempotency-Key has exactly one effect.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Decimal } from '../src/shared/decimal';
import { DEMO } from '../server/src/identity/demo';
import { builtCli, startServer, type RunningServer } from './helpers/server';

const dataDir = mkdtempSync(join(tmpdir(), 'exchange-crash-'));
let srv: RunningServer | undefined;
afterAll(async () => {
  await srv?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: DEMO.account, password: DEMO.password }),
  });
  return ((await res.json()) as { data: { satoken: string } }).data.satoken;
}

const BODY = JSON.stringify({ fromAccount: 'platform', toAccount: 'finance', coin: 'USDT', amount: '1.5' });

function transfer(url: string, token: string, key: string) {
  return fetch(`${url}/api/asset/transferFunds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', satoken: token, 'idempotency-key': key },
    body: BODY,
  }).then((r) => r.json() as Promise<{ code: number; msg: string; data: { id: string } | null }>);
}

function ledgerCheck(): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [builtCli('ledger-check')], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('[LEDGER-3] [IDEM-5] SIGKILL during a burst of transfers', () => {
  it('restarts with right books, no acknowledged transfer lost, one effect per key', async () => {
    srv = await startServer({}, { dataDir });
    const token = await login(srv.url);
    const acked = new Map<string, string>(); // key -> transfer id
    const sent: string[] = [];
    let killed = false;
    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const key = `crash-${w}-${i}-burst`;
        sent.push(key);
        try {
          const r = await transfer(srv!.url, token, key);
          if (r.code === 200 && r.data) acked.set(key, r.data.id);
        } catch {
          return; // the process is gone
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => worker(w));
    while (acked.size < 40) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    srv.proc.kill('SIGKILL');
    await Promise.all(workers);
    await srv.stop('SIGKILL');
    srv = undefined;

    const check = ledgerCheck();
    expect(check.out).toMatch(/^ok: /m);
    expect(check.status).toBe(0);

    const db = new Database(join(dataDir, 'exchange.db'), { readonly: true });
    const refs = new Set(
      (db.prepare("SELECT ref FROM ledger_journal WHERE kind = 'transfer'").all() as { ref: string }[]).map(
        (r) => r.ref,
      ),
    );
    db.close();
    for (const id of acked.values()) expect(refs.has(id)).toBe(true);

    // Restart on the same data; every key sent (acknowledged or not) retried: each ends with one transfer.
    srv = await startServer({}, { dataDir });
    const token2 = await login(srv.url);
    const replies = await Promise.all(sent.map((k) => transfer(srv!.url, token2, k)));
    for (const r of replies) expect(r.code).toBe(200);
    for (const [i, k] of sent.entries()) if (acked.has(k)) expect(replies[i].data!.id).toBe(acked.get(k));
    await srv.stop('SIGTERM');
    srv = undefined;

    const db2 = new Database(join(dataDir, 'exchange.db'), { readonly: true });
    const transfers = (
      db2.prepare("SELECT count(*) AS n FROM ledger_journal WHERE kind = 'transfer'").get() as { n: number }
    ).n;
    const platform = db2
      .prepare(
        "SELECT available FROM user_assets WHERE account = 'platform' AND coin = 'USDT' AND user_id = (SELECT id FROM users WHERE email = ?)",
      )
      .get(DEMO.account) as { available: string };
    db2.close();
    expect(transfers).toBe(sent.length);
    expect(platform.available).toBe(new Decimal(10000).minus(new Decimal('1.5').times(sent.length)).toFixed());
    expect(ledgerCheck().status).toBe(0);
  });
});
