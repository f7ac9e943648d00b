import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { Endpoint } from '../../src/shared/api/endpoint';
import { api } from '../../src/shared/api/registry';
import { DEMO } from '../../server/src/identity/demo';
import { startTestServer, type TestServer } from '../../server/src/testing/harness';
import { AGREE, NEEDS } from './inputs';
import { ConformanceReport, renderJUnit, renderText } from './report';
import { changesState } from './rest';
import { runConformance } from './run';

// One reference server for the file; a fast heartbeat so the socket's waits end in milliseconds.
let ex: TestServer;
let url: string;
beforeAll(async () => {
  ex = await startTestServer({ hubTimings: { heartbeatMs: 200, pingMs: 60_000 } });
  url = `http://127.0.0.1:${ex.port}`;
});
afterAll(async () => {
  await ex?.stop();
});

const account = { account: DEMO.account, password: DEMO.password };
const failed = (r: ConformanceReport) => r.checks.filter((c) => c.status === 'fail');

describe('[CONF-2] read mode never changes state', () => {
  it('[CONF-2] the calls read mode makes are the GETs and the POSTs the registry marks read-only', () => {
    const posts = Object.entries(api as Record<string, Endpoint>).filter(([, e]) => e.method === 'POST');
    const readOnly = posts.filter(([, e]) => !changesState(e)).map(([k]) => k);
    expect(readOnly.sort()).toEqual(
      [
        'getAppCurrencyList',
        'getCountryCode',
        'getMt5Amount',
        'getWithDrawCoinList',
        'getWithdrawStatus',
        'periodList',
        'selectSecondOrders',
      ].sort(),
    );
    // Every input table names calls of the registry (none can drift away from it).
    for (const k of [...Object.keys(NEEDS), ...Object.keys(AGREE)]) expect(api, k).toHaveProperty(k);
  });

  it('[CONF-2] [CONF-8] the reference server passes in read mode; no state-changing POST reached it', async () => {
    const before = ex.ctx.db.prepare('SELECT COUNT(*) AS n FROM ledger_journal').get() as { n: number };
    const r = await runConformance({ url, mode: 'read', ...account, socketWaitMs: 5_000 });
    expect(failed(r), renderText(r)).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.signedIn).toBe(true);
    const after = ex.ctx.db.prepare('SELECT COUNT(*) AS n FROM ledger_journal').get() as { n: number };
    expect(after.n).toBe(before.n);
    const skippedWrites = r.checks.filter((c) => c.detail.startsWith('changes state'));
    expect(skippedWrites.length).toBeGreaterThan(50);
    // Every call of the registry has a row; socket and REST areas are reported.
    for (const k of Object.keys(api))
      expect(
        r.checks.some((c) => c.subject === k),
        k,
      ).toBe(true);
    expect(r.areas.map((a) => a.area)).toContain('socket');
    expect(ConformanceReport.parse(JSON.parse(JSON.stringify(r)))).toEqual(r);
  });
});

describe('[CONF-4] full mode', () => {
  it('[CONF-4] [CONF-8] the reference server passes in full mode: an order placed once and cancelled, a transfer there and back, a quote', async () => {
    const r = await runConformance({ url, mode: 'full', ...account, socketWaitMs: 5_000 });
    expect(failed(r), renderText(r)).toEqual([]);
    const scenarios = r.checks.filter((c) => c.kind === 'scenario').map((c) => `${c.id} ${c.status}`);
    expect(scenarios).toEqual([
      'user.login.scenario pass',
      'trading.submitSpotOrder.scenario pass',
      'trading.cancelSpotOrder.scenario pass',
      'asset.transferFunds.scenario pass',
      'exchange.getCurrencyPrice.scenario pass',
    ]);
    // What the other mode skipped is now checked for bad input and a dead token.
    expect(r.checks.find((c) => c.id === 'flow.flowTake.deadToken')?.status).toBe('pass');
    expect(r.checks.find((c) => c.id === 'user.socketTicket.reply')?.status).toBe('notOffered');
  });

  it('[CONF-3] without an account, private calls are skipped with the reason and dead tokens still checked', async () => {
    const r = await runConformance({ url, mode: 'read', socketWaitMs: 5_000 });
    expect(failed(r), renderText(r)).toEqual([]);
    expect(r.signedIn).toBe(false);
    expect(r.checks.find((c) => c.id === 'user.getInfo.reply')).toMatchObject({
      status: 'skipped',
      detail: 'a private call: no --account given',
    });
    expect(r.checks.find((c) => c.id === 'user.getInfo.deadToken')?.status).toBe('pass');
  });
});

/**
 * A deliberately broken proxy of the reference server: the tickers reply reshaped (a record turned into a list),
 * getInfo's dead-token code changed from 500 to 0, and the fifth frame of each socket given the next frame's seq.
 */
async function brokenProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const up = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // Uncompressed replies, so the proxy can read and change them.
      const headers = { ...req.headers, 'accept-encoding': 'identity' };
      const fwd = request({ host: up.hostname, port: up.port, method: req.method, path: req.url, headers }, (r) => {
        const body: Buffer[] = [];
        r.on('data', (c: Buffer) => body.push(c));
        r.on('end', () => {
          let text = Buffer.concat(body).toString();
          const path = (req.url ?? '').split('?')[0];
          if (path === '/api/market/tickers') {
            const j = JSON.parse(text);
            j.data = Object.values(j.data);
            text = JSON.stringify(j);
          }
          if (path === '/api/user/getInfo') {
            const j = JSON.parse(text);
            if (j.code === 500) j.code = 0;
            text = JSON.stringify(j);
          }
          const headers = { ...r.headers };
          delete headers['content-length'];
          delete headers['content-encoding'];
          res.writeHead(r.statusCode ?? 502, headers);
          res.end(text);
        });
      });
      fwd.end(Buffer.concat(chunks));
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (client, req) => {
    const upstream = new WebSocket(`ws://${up.host}${req.url}`);
    const queue: string[] = [];
    upstream.on('open', () => queue.splice(0).forEach((m) => upstream.send(m)));
    client.on('message', (m) =>
      upstream.readyState === WebSocket.OPEN ? upstream.send(m.toString()) : queue.push(m.toString()),
    );
    let n = 0;
    upstream.on('message', (m) => {
      const f = JSON.parse(m.toString());
      if (++n === 5) f.seq += 1;
      client.send(JSON.stringify(f));
    });
    client.on('close', () => upstream.close());
    upstream.on('close', () => client.close());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('[CONF-9] a backend that differs is named', () => {
  it('[CONF-9] [CONF-6] a broken proxy fails exactly its three planted differences, each in words', async () => {
    const proxy = await brokenProxy(url);
    try {
      const r = await runConformance({ url: proxy.url, mode: 'read', ...account, socketWaitMs: 5_000 });
      expect(r.ok).toBe(false);
      expect(
        failed(r)
          .map((c) => c.id)
          .sort(),
      ).toEqual(['market.tickers.reply', 'socket.sequence', 'user.getInfo.deadToken'].sort());
      const byId = new Map(r.checks.map((c) => [c.id, c]));
      expect(byId.get('market.tickers.reply')?.differences[0]).toMatchObject({ where: 'data' });
      expect(byId.get('user.getInfo.deadToken')?.differences[0]).toMatchObject({ where: 'code', expected: '500' });
      expect(byId.get('socket.sequence')?.differences[0]).toMatchObject({ expected: '5', got: '6' });
      const text = renderText(r);
      expect(text).toContain('FAIL: 3 check(s) failed.');
      expect(text).toMatch(/market\.tickers\.reply: .*\n {4}data: expected /);
      const junit = renderJUnit(r);
      expect(junit.match(/<failure /g)).toHaveLength(3);
      expect(junit).toContain('name="socket.sequence"');
    } finally {
      await proxy.close();
    }
  });
});
