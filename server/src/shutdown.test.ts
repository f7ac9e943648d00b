import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
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

/** Whether a new TCP connection to the port is accepted. */
function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    sock.on('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.on('error', () => resolve(false));
  });
}

describe('[OPS-4] the real process', () => {
  it('[SAFE-25] prints the listening line and the demo credentials, and on SIGTERM closes sockets, the database, and exits 0', async () => {
    const srv = await startServer({ STATIC_DIR: join(dataDir, 'none') }, { dataDir });
    const log = lines(srv.logs);
    expect(log.some((l) => l.event === 'listening' && l.port === srv.port)).toBe(true);
    expect(log.some((l) => l.event === 'demo_user' && typeof l.account === 'string')).toBe(true);
    const res = await fetch(`${srv.url}/api/common/getAllSetting`);
    expect((await res.json()).code).toBe(200);

    // An open socket gets a close frame (code 1012, service restart) when the server stops.
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
    expect(await closed).toBe(1012);

    // The database was checkpointed and closed: no WAL left to recover, and it opens with the data.
    const wal = join(dataDir, 'exchange.db-wal');
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    const db = new Database(join(dataDir, 'exchange.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((db.prepare('SELECT count(*) AS n FROM coin_spot').get() as { n: number }).n).toBe(50);
    db.close();
  });

  it('[SAFE-25] SIGTERM: 8 requests in flight get their whole 200 envelope, sockets get 1012, new connections are refused, exit 0', async () => {
    const srv = await startServer({ STATIC_DIR: join(dataDir, 'none') });
    const ws = new WebSocket(`${srv.wsUrl}/ws/graceful-stop`, { headers: { origin: srv.url } });
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    // Eight requests that each take 1.5 s on the server's timers (a test switch, never in production).
    const inFlight = Array.from({ length: 8 }, () =>
      fetch(`${srv.url}/api/_test/slow?ms=1500`).then(async (r) => ({ status: r.status, body: await r.json() })),
    );
    // Wait until the server holds all eight, then stop it.
    for (;;) {
      const r = await (await fetch(`${srv.url}/api/_test/slow/inflight`)).json();
      if (r.data.inFlight === 8) break;
    }
    const stopped = srv.stop('SIGTERM');
    expect(await closed).toEqual({ code: 1012, reason: 'server restarting' });
    // The server soon refuses new connections, while the eight are still being answered.
    let answered = 0;
    for (const p of inFlight)
      void p.then(
        () => answered++,
        () => {},
      );
    while (await canConnect(srv.port)) {
      /* not closed yet */
    }
    expect(answered).toBe(0);
    const replies = await Promise.all(inFlight);
    for (const r of replies)
      expect(r).toEqual({ status: 200, body: { code: 200, msg: 'success', data: { ms: 1500 } } });
    expect(await stopped).toBe(0);
    const log = lines(srv.logs);
    expect(log.some((l) => l.event === 'exit' && l.code === 0)).toBe(true);
    expect(log.some((l) => l.event === 'shutdown_grace_over')).toBe(false);
  });

  it('[SAFE-25] requests still running after SHUTDOWN_GRACE_MS are cut, and the process still exits 0', async () => {
    const srv = await startServer({ STATIC_DIR: join(dataDir, 'none'), SHUTDOWN_GRACE_MS: '300' });
    const slow = fetch(`${srv.url}/api/_test/slow?ms=60000`).then(
      (r) => r.status,
      () => 'cut',
    );
    for (;;) {
      const r = await (await fetch(`${srv.url}/api/_test/slow/inflight`)).json();
      if (r.data.inFlight === 1) break;
    }
    expect(await srv.stop('SIGTERM')).toBe(0);
    expect(await slow).toBe('cut');
    expect(lines(srv.logs).some((l) => l.event === 'shutdown_grace_over')).toBe(true);
  });

  it('refuses a bad configuration with a message naming the variable', async () => {
    await expect(startServer({ PORT: 'eighty' })).rejects.toThrow(/PORT must be an integer/);
  });
});
