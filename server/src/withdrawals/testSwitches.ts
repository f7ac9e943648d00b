/**
 * Test switch (TEST_SWITCHES=1, never in production): `POST /api/_test/delayWithdrawReply?ms=N` holds the reply
 * of the next `withdraw/submit` for N ms AFTER the withdrawal was applied, so an end-to-end test can make the
 * app's request time out deterministically and check that the app asks for the status instead of sending again.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryInt } from '../../../src/shared/schemas/strict';
import { fail, ok } from '../../../src/shared/api/envelope';
import { withdrawApi } from '../../../src/shared/api/withdraw';
import { issueMessage } from '../http/failures';

const DelayQuery = z.object({ ms: queryInt(z.number().int().min(0).max(120_000)) });

export function registerWithdrawTestSwitches(app: FastifyInstance, enabled: boolean): void {
  if (!enabled) return;
  let delayNext = 0;
  app.post('/api/_test/delayWithdrawReply', async (req) => {
    const q = DelayQuery.safeParse(req.query ?? {});
    if (!q.success) return fail(issueMessage(q.error));
    delayNext = q.data.ms;
    return ok(null);
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (delayNext > 0 && req.url.split('?')[0] === withdrawApi.withdrawSubmit.path) {
      const ms = delayNext;
      delayNext = 0;
      await new Promise((r) => setTimeout(r, ms));
    }
    return payload;
  });
}
