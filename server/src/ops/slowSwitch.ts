/**
 * Test switch (TEST_SWITCHES=1, never in production, OPS-5): requests that take a while, so a test can hold
 * requests in flight across a SIGTERM (SAFE-25).
 * - GET /api/_test/slow?ms=N: answers `{ms: N}` after N ms (0 to 60,000), on the server's timers;
 * - GET /api/_test/slow/inflight: `{inFlight}`, how many of those are still waiting.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fail, ok } from '../../../src/shared/api/envelope';
import { issueMessage } from '../http/failures';
import type { Timers } from '../time/clock';

const SlowQuery = z.object({ ms: z.coerce.number().int().min(0).max(60_000) });

export function registerSlowSwitch(app: FastifyInstance, enabled: boolean, timers: Timers): void {
  if (!enabled) return;
  let inFlight = 0;
  app.get('/api/_test/slow', async (req) => {
    const q = SlowQuery.safeParse(req.query ?? {});
    if (!q.success) return fail(issueMessage(q.error));
    inFlight++;
    try {
      await new Promise<void>((resolve) => timers.after(q.data.ms, resolve));
    } finally {
      inFlight--;
    }
    return ok({ ms: q.data.ms });
  });
  app.get('/api/_test/slow/inflight', async () => ok({ inFlight }));
}
