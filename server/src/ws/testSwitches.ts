/**
 * Socket fault switches for tests (only with TEST_SWITCHES=1, never in production). Names are a contract
 * with the browser tests:
 * - POST /api/_test/ws/drop: terminates every socket abruptly (no close handshake, like a network drop);
 * - POST /api/_test/ws/garbage?count=N: N malformed frames to every socket (no seq, seq not advanced);
 * - POST /api/_test/ws/skip?count=N: advances every connection's seq by N without sending (lost frames);
 * - POST /api/_test/ws/silence?ms=M: nothing at all is written for M ms, sockets stay open (half-open);
 * - GET  /api/_test/ws/subscriptions: { connections, subscriptions: { "DETAIL:btcusdt": n, ... } }.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryInt } from '../../../src/shared/schemas/strict';
import { fail, ok } from '../../../src/shared/api/envelope';
import { garbageFrames } from './garbage';
import type { Hub } from './hub';
import type { Clock } from '../time/clock';

const Count = z.object({ count: queryInt(z.number().int().min(1).max(10_000)) });
const Ms = z.object({ ms: queryInt(z.number().int().min(1).max(600_000)) });

function message(e: z.ZodError): string {
  const i = e.issues[0];
  return `Invalid query: ${i.path.join('.') || 'query'}: ${i.message}`;
}

export function registerWsTestSwitches(app: FastifyInstance, hub: Hub, clock: Clock): void {
  let garbageSeed = 1;

  app.post('/api/_test/ws/drop', async () => {
    const conns = [...hub.conns];
    for (const c of conns) c.ws.terminate();
    return ok({ dropped: conns.length });
  });

  app.post('/api/_test/ws/garbage', async (req) => {
    const q = Count.safeParse(req.query ?? {});
    if (!q.success) return fail(message(q.error));
    const frames = garbageFrames(q.data.count, 'toClient', garbageSeed++);
    let sent = 0;
    for (const c of hub.conns) {
      for (const f of frames) c.sendRaw(f);
      sent += frames.length;
    }
    return ok({ sent });
  });

  app.post('/api/_test/ws/skip', async (req) => {
    const q = Count.safeParse(req.query ?? {});
    if (!q.success) return fail(message(q.error));
    for (const c of hub.conns) c.seq += q.data.count;
    return ok({ skipped: q.data.count, connections: hub.conns.size });
  });

  app.post('/api/_test/ws/silence', async (req) => {
    const q = Ms.safeParse(req.query ?? {});
    if (!q.success) return fail(message(q.error));
    const until = clock.now() + q.data.ms;
    for (const c of hub.conns) c.silentUntil = until;
    return ok({ silenced: hub.conns.size, ms: q.data.ms });
  });

  app.get('/api/_test/ws/subscriptions', async () =>
    ok({ connections: hub.conns.size, subscriptions: hub.subscriptionCounts() }),
  );
}
