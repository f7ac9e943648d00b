/**
 * Test switch (TEST_SWITCHES=1, never in production): `POST /api/_test/delaySpotReply?ms=N` holds the reply of the
 * next `currency/order/submit` for N ms AFTER the order was placed, so an end-to-end test can make the app's
 * request time out and check that it asks for the order by its client id instead of sending again (SPOT-9).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryInt } from '../../../src/shared/schemas/strict';
import { fail, ok } from '../../../src/shared/api/envelope';
import { tradingApi } from '../../../src/shared/api/trading';
import { issueMessage } from '../http/failures';
import type { Timers } from '../time/clock';

const DelayQuery = z.object({ ms: queryInt(z.number().int().min(0).max(120_000)) });

export function registerSpotTestSwitches(app: FastifyInstance, enabled: boolean, timers: Timers): void {
  if (!enabled) return;
  let delayNext = 0;
  app.post('/api/_test/delaySpotReply', async (req) => {
    const q = DelayQuery.safeParse(req.query ?? {});
    if (!q.success) return fail(issueMessage(q.error));
    delayNext = q.data.ms;
    return ok(null);
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (delayNext > 0 && req.url.split('?')[0] === tradingApi.submitSpotOrder.path) {
      const ms = delayNext;
      delayNext = 0;
      await new Promise<void>((r) => timers.after(ms, r));
    }
    return payload;
  });
}
