/** [OPS-4][WS-16][SAFE-25] On SIGTERM every socket gets a close frame (1012 "server restarting") and the process exits 0. */
import { describe, expect, it } from 'vitest';
import { connect } from '../server/src/ws/testClient';
import { startServer } from './helpers/server';

describe('socket shutdown [OPS-4]', () => {
  it('[OPS-4][WS-16][SAFE-25] SIGTERM closes every socket with 1012 and a reason, then exits 0', async () => {
    const srv = await startServer();
    const a = await connect(`${srv.wsUrl}/ws/${crypto.randomUUID()}`);
    const b = await connect(`${srv.wsUrl}/ws/${crypto.randomUUID()}`);
    a.send({ op: 'subscribe', type: 'TRADE', symbol: 'btcusdt' });
    await a.waitFor((f) => f.type === 'TRADE');
    const code = await srv.stop('SIGTERM');
    expect(code).toBe(0);
    expect(await a.closed).toEqual({ code: 1012, reason: 'server restarting' });
    expect(await b.closed).toEqual({ code: 1012, reason: 'server restarting' });
    expect(srv.logs.some((l) => l.includes('"event":"ws_close"'))).toBe(true);
  });
});
