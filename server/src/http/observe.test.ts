import { describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/harness';

describe('[OPS-7] request log lines', () => {
  it('a request that went well is logged at debug, a failed one at info', async () => {
    const lines: string[] = [];
    const srv = await startTestServer({ env: { LOG_LEVEL: 'info' }, logLine: (l) => void lines.push(l) });
    const requests = () =>
      lines.map((l) => JSON.parse(l) as { event?: string; status?: number }).filter((l) => l.event === 'request');
    expect((await srv.app.inject({ method: 'GET', url: '/api/common/getCoinList' })).statusCode).toBe(200);
    expect((await srv.app.inject({ method: 'GET', url: '/api/no/such/route' })).statusCode).toBe(404);
    expect(requests().map((l) => l.status)).toEqual([404]);
    await srv.stop();

    lines.length = 0;
    const verbose = await startTestServer({ env: { LOG_LEVEL: 'debug' }, logLine: (l) => void lines.push(l) });
    expect((await verbose.app.inject({ method: 'GET', url: '/api/common/getCoinList' })).statusCode).toBe(200);
    expect(requests().map((l) => l.status)).toEqual([200]);
    await verbose.stop();
  });
});
