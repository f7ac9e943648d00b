import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer } from '../../tests/helpers/server';

const dataDir = mkdtempSync(join(tmpdir(), 'exchange-sigterm-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function lines(logs: string[]): Array<Record<string, unknown>> {
  return logs
    .flatMap((l) => l.split('\n'))
    .map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return null;
      }
    })
    .filter((x): x is Record<string, unknown> => x !== null);
}

describe('[OPS-4] the real process', () => {
  it('prints the listening line and the demo credentials, and on SIGTERM closes sockets, the database, and exits 0', async () => {
    const srv = await startServer({ STATIC_DIR: join(dataDir, 'none') }, { dataDir });
    const log = lines(srv.logs);
    expect(log.some((l) => l.event === 'listening' && l.port === srv.port)).toBe(true);
    expect(log.some((l) => l.event === 'demo_user' && typeof l.account === 'string')).toBe(true);
    const res = await fetch(`${srv.url}/api/common/getAllSetting`);
    expect((await res.json()).code).toBe(200);

    // An open socket gets a close frame (code 1001, going away) when the server stops.
    const ws = new WebSocket(`${srv.wsUrl}/ws/sigterm-test`, { headers: { origin: srv.url } });
    const opened = await new Promise<boolean>((resolve) => {
      ws.on('open', () => resolve(true));
      ws.on('error', () => resolve(false));
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));

    const code = await srv.stop('SIGTERM');
    expect(code).toBe(0);
    const after = lines(srv.logs);
    expect(after.some((l) => l.event === 'stopped')).toBe(true);
    expect(after.some((l) => l.event === 'exit' && l.code === 0)).toBe(true);
    expect(opened).toBe(true);
    expect(await closed).toBe(1001);

    // The database was checkpointed and closed: no WAL left to recover, and it opens with the data.
    const wal = join(dataDir, 'exchange.db-wal');
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    const db = new Database(join(dataDir, 'exchange.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((db.prepare('SELECT count(*) AS n FROM coin_spot').get() as { n: number }).n).toBe(50);
    db.close();
  });

  it('refuses a bad configuration with a message naming the variable', async () => {
    await expect(startServer({ PORT: 'eighty' })).rejects.toThrow(/PORT must be an integer/);
  });
});
